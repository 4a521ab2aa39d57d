import type { Storefront } from '../storefront';
import { translator, type Translator } from '../i18n';
import type { AccountField, FieldErrors } from '../auth/account-form';
import { EMAIL_MAX, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../auth/account-form';
import { SIGN_IN_LINK_MINUTES, TOKEN_HOURS } from '../repositories/account-tokens';
import { confirmForm, esc, renderPage } from './html';

/** The friend-code field takes a code with a dash or blanks in it (`K7Q3-P9XA`). */
const FRIEND_CODE_INPUT_MAX = 20;

/** The sign-in pages of one storefront: its language, its API base and the place to go back to. */
interface PageBase {
  storefront: Storefront;
  redirectUrl: string;
}

/** A banner message at the top of a form (catalogue key and its values). */
export interface Banner {
  key: string;
  vars?: Record<string, string | number>;
}

const base = (storefront: Storefront) => `/api/${storefront.urlLocal}/site`;

function page(storefront: Storefront, titleKey: string, body: (t: Translator) => string): string {
  const t = translator(storefront);
  return renderPage({ lang: storefront.lang, dir: storefront.dir, title: t(titleKey), body: body(t) });
}

function banner(t: Translator, message: Banner | undefined): string {
  return message ? `<p role="alert">${esc(t(message.key, message.vars))}</p>` : '';
}

/** A labelled input with its hint and its error, tied by aria-describedby (the error also sets aria-invalid). */
function field(
  t: Translator,
  errors: FieldErrors,
  name: AccountField,
  label: string,
  type: string,
  attrs: string,
  hint?: string,
): string {
  const errorKey = errors[name];
  const describedBy = [hint ? `${name}-hint` : '', errorKey ? `${name}-error` : ''].filter(Boolean).join(' ');
  return (
    `<p class="field">
<label for="${name}">${esc(label)}</label>
<input id="${name}" name="${name}" type="${type}" ${attrs}` +
    `${describedBy ? ` aria-describedby="${describedBy}"` : ''}${errorKey ? ' aria-invalid="true"' : ''}>
${hint ? `<small id="${name}-hint">${esc(hint)}</small>` : ''}
${errorKey ? `<small id="${name}-error" class="error">${esc(t(errorKey))}</small>` : ''}
</p>`
  );
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

function link(storefront: Storefront, path: string, params: Record<string, string>, text: string): string {
  return `<a href="${esc(`${base(storefront)}${path}?${new URLSearchParams(params).toString()}`)}">${esc(text)}</a>`;
}

/** The sign-in form (works without JavaScript). */
export function signInPage(input: PageBase & { email?: string; message?: Banner; errors?: FieldErrors }): string {
  const errors = input.errors ?? {};
  return page(
    input.storefront,
    'account.signIn.title',
    (t) => `${banner(t, input.message)}
<form method="post" action="${esc(`${base(input.storefront)}/login`)}" novalidate>
${hidden('redirectUrl', input.redirectUrl)}
${field(
  t,
  errors,
  'email',
  t('account.field.email'),
  'email',
  `autocomplete="email" required maxlength="${EMAIL_MAX}" value="${esc(input.email ?? '')}"`,
)}
${field(
  t,
  errors,
  'password',
  t('account.field.password'),
  'password',
  `autocomplete="current-password" required maxlength="${PASSWORD_MAX}"`,
)}
<button type="submit">${esc(t('account.signIn.button'))}</button>
</form>
<p>${link(input.storefront, '/forgot', { redirectUrl: input.redirectUrl }, t('account.forgotLink'))}</p>
<p>${link(
      input.storefront,
      '/login',
      { redirectUrl: input.redirectUrl, scene: 'register' },
      t('account.toRegister'),
    )}</p>`,
  );
}

/** The sign-up form; with `friendCode` (where the friend-code programme runs) the code field, filled with its value. */
export function registerPage(
  input: PageBase & {
    email?: string;
    nickname?: string;
    message?: Banner;
    errors?: FieldErrors;
    friendCode?: { value: string };
  },
): string {
  const errors = input.errors ?? {};
  return page(
    input.storefront,
    'account.register.title',
    (t) => `${banner(t, input.message)}
<form method="post" action="${esc(`${base(input.storefront)}/register`)}" novalidate>
${hidden('redirectUrl', input.redirectUrl)}
${field(
  t,
  errors,
  'email',
  t('account.field.email'),
  'email',
  `autocomplete="email" required maxlength="${EMAIL_MAX}" value="${esc(input.email ?? '')}"`,
)}
${field(
  t,
  errors,
  'nickname',
  t('account.field.nickname'),
  'text',
  `autocomplete="nickname" maxlength="${NICKNAME_MAX}" value="${esc(input.nickname ?? '')}"`,
  t('account.field.nicknameHint'),
)}
${field(
  t,
  errors,
  'password',
  t('account.field.password'),
  'password',
  `autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"`,
  t('account.field.passwordHint'),
)}
${
  input.friendCode
    ? field(
        t,
        errors,
        'friendCode',
        t('friend.field.code'),
        'text',
        `autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="${FRIEND_CODE_INPUT_MAX}" ` +
          `value="${esc(input.friendCode.value)}"`,
        t('friend.field.codeHint'),
      )
    : ''
}
<button type="submit">${esc(t('account.register.button'))}</button>
</form>
<p>${link(input.storefront, '/login', { redirectUrl: input.redirectUrl }, t('account.toSignIn'))}</p>`,
  );
}

/** "Check your email" after a sign-up or a reset request: the same words whether or not the address has an account. */
export function checkMailPage(input: PageBase & { purpose: 'register' | 'reset'; email: string }): string {
  return page(
    input.storefront,
    'account.checkMail.title',
    (t) =>
      `<p class="result" role="status">${esc(
        t(`account.checkMail.${input.purpose}`, { email: input.email, count: TOKEN_HOURS[input.purpose] }),
      )}</p>
<p>${esc(t('account.checkMail.hint'))}</p>
<p><a href="${esc(input.redirectUrl)}">${esc(t('account.back'))}</a></p>`,
  );
}

/**
 * A sign-in on an attacked account from a browser it does not know: a right password mailed a link, and a wrong one
 * gets this very page, so it never says which it was.
 */
export function confirmByMailPage(input: PageBase): string {
  return page(
    input.storefront,
    'account.checkMail.title',
    (t) => `<p class="result" role="status">${esc(t('account.checkMail.signIn', { count: SIGN_IN_LINK_MINUTES }))}</p>
<p>${esc(t('account.checkMail.hint'))}</p>
<p>${link(input.storefront, '/forgot', { redirectUrl: input.redirectUrl }, t('account.forgotLink'))}</p>`,
  );
}

/** The page of a sign-in link: a button signs this browser in (mail scanners that open links sign nobody in). */
export function signInLinkPage(input: { storefront: Storefront; token: string; email: string }): string {
  return page(
    input.storefront,
    'account.signInLink.title',
    (t) => `<p>${esc(t('account.signInLink.text', { email: input.email }))}</p>
${confirmForm({
  action: `${base(input.storefront)}/login/confirm`,
  fields: { token: input.token },
  button: t('account.signInLink.button'),
})}`,
  );
}

/** The page of the sign-up link: a button finishes it (mail scanners that open links create nothing). */
export function verifyPage(input: { storefront: Storefront; token: string; email: string }): string {
  return page(
    input.storefront,
    'account.verify.title',
    (t) => `<p>${esc(t('account.verify.text', { email: input.email }))}</p>
${confirmForm({
  action: `${base(input.storefront)}/verify`,
  fields: { token: input.token },
  button: t('account.verify.button'),
})}`,
  );
}

/** Asks for the address to send a password link to. */
export function forgotPage(input: PageBase & { email?: string; errors?: FieldErrors }): string {
  const errors = input.errors ?? {};
  return page(
    input.storefront,
    'account.forgot.title',
    (t) => `<p>${esc(t('account.forgot.text'))}</p>
<form method="post" action="${esc(`${base(input.storefront)}/forgot`)}" novalidate>
${hidden('redirectUrl', input.redirectUrl)}
${field(
  t,
  errors,
  'email',
  t('account.field.email'),
  'email',
  `autocomplete="email" required maxlength="${EMAIL_MAX}" value="${esc(input.email ?? '')}"`,
)}
<button type="submit">${esc(t('account.forgot.button'))}</button>
</form>
<p>${link(input.storefront, '/login', { redirectUrl: input.redirectUrl }, t('account.toSignIn'))}</p>`,
  );
}

/** The page of a password link: choose the new password. */
export function resetPage(input: { storefront: Storefront; token: string; errors?: FieldErrors }): string {
  const errors = input.errors ?? {};
  return page(
    input.storefront,
    'account.reset.title',
    (t) => `<form method="post" action="${esc(`${base(input.storefront)}/reset`)}" novalidate>
${hidden('token', input.token)}
${field(
  t,
  errors,
  'password',
  t('account.field.newPassword'),
  'password',
  `autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"`,
  t('account.field.passwordHint'),
)}
<button type="submit">${esc(t('account.reset.button'))}</button>
</form>`,
  );
}

/** Sign-out asks first: a link from another site can show this page but cannot sign anyone out. */
export function signOutPage(input: PageBase): string {
  return page(
    input.storefront,
    'account.signOut.title',
    (t) => `<p>${esc(t('account.signOut.text'))}</p>
${confirmForm({
  action: `${base(input.storefront)}/logout`,
  fields: { redirectUrl: input.redirectUrl },
  button: t('account.signOut.button'),
  cancel: { href: input.redirectUrl, text: t('account.signOut.cancel') },
})}`,
  );
}

/** One message and a way back (a used link, a confirmed subscription, the no-JavaScript subscribe answer). */
export function noticePage(input: {
  storefront: Storefront;
  titleKey: string;
  message: string;
  ok: boolean;
  backHref?: string;
}): string {
  return page(
    input.storefront,
    input.titleKey,
    (t) => `<p class="result${input.ok ? '' : ' fail'}" role="status">${esc(input.message)}</p>
<p><a href="${esc(input.backHref ?? `/${input.storefront.urlLocal}/`)}">${esc(t('account.back'))}</a></p>`,
  );
}
