import type { Storefront } from '../storefront';
import { loginTexts, type LoginTexts } from './login-texts';

export type LoginError = keyof Pick<LoginTexts, 'wrongCredentials' | 'emailTaken' | 'tooMany' | 'invalidInput' | 'signedOut'>;

export interface LoginPageInput {
  storefront: Storefront;
  scene: 'login' | 'register';
  redirectUrl: string;
  email?: string;
  message?: LoginError;
  /** Field-level problems shown beside the inputs. */
  fieldErrors?: Partial<Record<'email' | 'password' | 'nickname', string>>;
}

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML content and double-quoted attributes. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapeMap[c]!);
}

/** The sign-in / register page: plain HTML forms that work without JavaScript. */
export function renderLoginPage(input: LoginPageInput): string {
  const { storefront, scene, redirectUrl } = input;
  const { texts: t, lang } = loginTexts(storefront.lang);
  const dir = lang === 'en' ? 'ltr' : storefront.dir;
  const base = `/api/${storefront.urlLocal}/site`;
  const title = scene === 'register' ? t.registerTitle : t.signInTitle;
  const action = scene === 'register' ? `${base}/register` : `${base}/login`;
  const other = new URLSearchParams({ redirectUrl, ...(scene === 'login' ? { scene: 'register' } : {}) });
  const fe = input.fieldErrors ?? {};
  const field = (name: 'email' | 'password' | 'nickname', label: string, type: string, extra: string, hint?: string) => {
    const err = fe[name];
    const describedBy = [hint ? `${name}-hint` : '', err ? `${name}-error` : ''].filter(Boolean).join(' ');
    return `<p class="field">
      <label for="${name}">${esc(label)}</label>
      <input id="${name}" name="${name}" type="${type}" ${extra}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${err ? ' aria-invalid="true"' : ''}>
      ${hint ? `<small id="${name}-hint">${esc(hint)}</small>` : ''}
      ${err ? `<small id="${name}-error" class="error">${esc(err)}</small>` : ''}
    </p>`;
  };
  return `<!doctype html>
<html lang="${esc(lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#191919}
main{max-width:24rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin-top:0}.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 1rem}
input{font:inherit;padding:.6rem;border:1px solid #767676;border-radius:4px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #ff6900;outline-offset:2px}
button{font:inherit;width:100%;padding:.7rem;border:0;border-radius:4px;background:#ff6900;color:#000;font-weight:600;cursor:pointer}
.error,[role=alert]{color:#b00020}small{color:#555}a{color:#0050b3}
</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
${input.message ? `<p role="alert">${esc(t[input.message])}</p>` : ''}
<form method="post" action="${esc(action)}" novalidate>
<input type="hidden" name="redirectUrl" value="${esc(redirectUrl)}">
${field('email', t.email, 'email', `autocomplete="email" required maxlength="254" value="${esc(input.email ?? '')}"`)}
${scene === 'register' ? field('nickname', t.nickname, 'text', 'autocomplete="nickname" maxlength="50"') : ''}
${field(
  'password',
  t.password,
  'password',
  `autocomplete="${scene === 'register' ? 'new-password' : 'current-password'}" required ${scene === 'register' ? 'minlength="8" ' : ''}maxlength="200"`,
  scene === 'register' ? t.passwordHint : undefined,
)}
<button type="submit">${esc(scene === 'register' ? t.register : t.signIn)}</button>
</form>
<p><a href="${esc(`${base}/login?${other.toString()}`)}">${esc(scene === 'register' ? t.toSignIn : t.toRegister)}</a></p>
</main>
</body>
</html>`;
}
