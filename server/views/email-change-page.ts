import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { confirmForm, esc, renderPage } from './html';

/**
 * The page of an address-change link: a button makes the change (mail scanners that open links change nothing).
 */
export function emailChangePage(input: { storefront: Storefront; token: string; email: string }): string {
  const t = translator(input.storefront);
  return renderPage({
    lang: input.storefront.lang,
    dir: input.storefront.dir,
    title: t('account.security.emailConfirm.title'),
    body: `<p>${esc(t('account.security.emailConfirm.text', { email: input.email }))}</p>
${confirmForm({
  action: `/api/${input.storefront.urlLocal}/site/email/confirm`,
  fields: { token: input.token },
  button: t('account.security.emailConfirm.button'),
})}`,
  });
}
