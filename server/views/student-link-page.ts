import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { confirmForm, esc, renderPage } from './html';

/**
 * The page of a school-address link: a button verifies the student status (mail scanners that open links verify
 * nothing).
 */
export function studentLinkPage(input: { storefront: Storefront; token: string; email: string }): string {
  const t = translator(input.storefront);
  return renderPage({
    lang: input.storefront.lang,
    dir: input.storefront.dir,
    title: t('student.confirm.title'),
    body: `<p>${esc(t('student.confirm.text', { email: input.email }))}</p>
${confirmForm({
  action: `/api/${input.storefront.urlLocal}/student/confirm`,
  fields: { token: input.token },
  button: t('student.confirm.button'),
})}`,
  });
}
