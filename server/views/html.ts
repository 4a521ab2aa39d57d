import type { Storefront } from '../storefront';
import { pageDirection } from '../../content/i18n/pseudo';

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double-quoted attributes. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapeMap[c]!);
}

const STYLE =
  `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#191919}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin-top:0}.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
input{font:inherit;padding:.6rem;border:1px solid #767676;border-radius:4px}input[aria-invalid=true]{` +
  `border-color:#b00020;border-width:2px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #ff6900;outline-offset:2px}
button{font:inherit;width:100%;padding:.7rem;border:0;border-radius:4px;background:#ff6900;color:#000;` +
  `font-weight:600;cursor:pointer}
button.secondary{background:#e0e0e0}.actions{display:grid;gap:.75rem}
.error,[role=alert]{color:#b00020}small{color:#555}a{color:#0050b3}p.result{padding:1rem;border-radius:.` +
  `5rem;background:#e8f5e9}p.result.fail{background:#fdecea}`;

/**
 * A small server-made page (sign-in, confirmations, the no-JavaScript answers): the storefront's language and
 * direction, not indexed, no script.
 */
export function renderPage(input: { lang: string; dir: 'ltr' | 'rtl'; title: string; body: string }): string {
  return `<!doctype html>
<html lang="${esc(input.lang)}" dir="${pageDirection(input.dir)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(input.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${esc(input.title)}</h1>
${input.body}
</main>
</body>
</html>
`;
}

/** The lang and dir attributes of a storefront's server pages. */
export function pageLocale(storefront: Storefront): { lang: string; dir: 'ltr' | 'rtl' } {
  return { lang: storefront.lang, dir: storefront.dir };
}

/** A form with one button that POSTs hidden fields (confirmations that must not run on a mere link visit). */
export function confirmForm(input: {
  action: string;
  fields: Record<string, string>;
  button: string;
  cancel?: { href: string; text: string };
}): string {
  const hidden = Object.entries(input.fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('\n');
  const cancel = input.cancel ? `<a href="${esc(input.cancel.href)}">${esc(input.cancel.text)}</a>` : '';
  return `<form method="post" action="${esc(input.action)}" class="actions">
${hidden}
<button type="submit">${esc(input.button)}</button>
${cancel}
</form>`;
}
