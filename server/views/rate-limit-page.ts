import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { esc, renderPage } from './html';

/** The account forms a browser posts, each with the page that shows it again (the way back after the wait). */
const FORM_PAGES: readonly (readonly [RegExp, string])[] = [
  [/\/site\/register$/, '/site/login?scene=register'],
  [/\/site\/forgot$/, '/site/forgot'],
];

/**
 * The page that shows a posted form again: the sign-up, the forgot-password or (for every other account form) the
 * sign-in page of the storefront. Read from the path only: the body of a refused request is never parsed.
 */
export function formPageOf(storefront: Pick<Storefront, 'urlLocal'>, url: string): string {
  const path = url.split('?')[0] ?? '';
  const page = FORM_PAGES.find(([pattern]) => pattern.test(path))?.[1] ?? '/site/login';
  return `/api/${storefront.urlLocal}${page}`;
}

/** Whole minutes to wait, at least 1: "in 0 minutes" or "in 840 seconds" says less than "in 14 minutes". */
export function waitMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil((Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 60) / 60));
}

/**
 * The answer to a browser whose sign-in, sign-up or other account form hit a limit: the wait in the storefront's
 * language (from the limit's Retry-After), a way back to the form, and one to the store; no form to post again.
 * `messageKey` takes the wait in minutes as `count` (the sign-in throttle adds "or reset your password").
 */
export function rateLimitPage(input: {
  storefront: Storefront;
  retryAfterSeconds: number;
  formHref: string;
  messageKey?: string;
  extraLink?: { href: string; text: string };
}): string {
  const t = translator(input.storefront);
  const count = waitMinutes(input.retryAfterSeconds);
  const extra = input.extraLink
    ? `\n<p><a href="${esc(input.extraLink.href)}">${esc(input.extraLink.text)}</a></p>`
    : '';
  return renderPage({
    lang: input.storefront.lang,
    dir: input.storefront.dir,
    title: t('account.rateLimit.title'),
    body: `<p class="result fail" role="alert" data-retry-after="${count * 60}">${esc(
      t(input.messageKey ?? 'account.rateLimit.wait', { count }),
    )}</p>
<p><a href="${esc(input.formHref)}">${esc(t('account.rateLimit.back'))}</a></p>${extra}
<p><a href="${esc(`/${input.storefront.urlLocal}/`)}">${esc(t('account.back'))}</a></p>`,
  });
}
