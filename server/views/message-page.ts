import type { Storefront } from '../storefront';
import { esc } from './login-page';

/**
 * A one-message HTML page for forms that reach the API without JavaScript (the footer subscribe box): the
 * result in the storefront's language and a way back to the storefront.
 */
export function renderMessagePage(storefront: Storefront, input: { title: string; message: string; ok: boolean; backText: string }): string {
  const home = `/${storefront.urlLocal}/`;
  return `<!doctype html>
<html lang="${esc(storefront.lang)}" dir="${storefront.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(input.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}p.result{padding:1rem;border-radius:.5rem;background:${input.ok ? '#e8f5e9' : '#fdecea'}}a{color:#b34700}</style>
</head>
<body><main><h1>${esc(input.title)}</h1><p class="result" role="status">${esc(input.message)}</p><p><a href="${esc(home)}">${esc(input.backText)}</a></p></main></body>
</html>
`;
}
