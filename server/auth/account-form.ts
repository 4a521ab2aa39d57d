import { isValidEmail } from '../../region-config/index';

export type AccountField = 'email' | 'password' | 'nickname' | 'friendCode';
/** Catalogue keys of the field messages (account.error.*). */
export type FieldErrorKey =
  | 'account.error.emailRequired'
  | 'account.error.emailInvalid'
  | 'account.error.passwordRequired'
  | 'account.error.passwordShort'
  | 'account.error.passwordLong'
  | 'account.error.nicknameLong'
  | 'account.error.nicknameBlank'
  | 'friend.error.codeUnknown'
  | 'friend.error.notOffered';
export type FieldErrors = Partial<Record<AccountField, FieldErrorKey>>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NICKNAME_MAX = 50;
export const EMAIL_MAX = 254;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function checkEmail(value: unknown): FieldErrorKey | undefined {
  const email = text(value).trim();
  if (!email) return 'account.error.emailRequired';
  if (email.length > EMAIL_MAX || !isValidEmail(email)) return 'account.error.emailInvalid';
  return undefined;
}

function checkNewPassword(value: unknown): FieldErrorKey | undefined {
  const password = text(value);
  if (!password) return 'account.error.passwordRequired';
  if (password.length < PASSWORD_MIN) return 'account.error.passwordShort';
  if (password.length > PASSWORD_MAX) return 'account.error.passwordLong';
  return undefined;
}

function clean(errors: Record<string, FieldErrorKey | undefined>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as FieldErrors;
}

/** Every problem of a sign-in form, by field. */
export function checkSignIn(form: { email?: unknown; password?: unknown }): FieldErrors {
  const password = text(form.password);
  return clean({
    email: checkEmail(form.email),
    password: !password
      ? 'account.error.passwordRequired'
      : password.length > PASSWORD_MAX
        ? 'account.error.passwordLong'
        : undefined,
  });
}

/**
 * Every problem of a sign-up form, by field. The nickname is optional (falls back to the user name); no leading blank.
 */
export function checkRegister(form: { email?: unknown; password?: unknown; nickname?: unknown }): FieldErrors {
  const nickname = text(form.nickname);
  return clean({
    email: checkEmail(form.email),
    password: checkNewPassword(form.password),
    nickname: /^\s/.test(nickname)
      ? 'account.error.nicknameBlank'
      : nickname.trim().length > NICKNAME_MAX
        ? 'account.error.nicknameLong'
        : undefined,
  });
}

/** Problems of a forgot-password form. */
export function checkForgot(form: { email?: unknown }): FieldErrors {
  return clean({ email: checkEmail(form.email) });
}

/** Problems of a new password. */
export function checkReset(form: { password?: unknown }): FieldErrors {
  return clean({ password: checkNewPassword(form.password) });
}
