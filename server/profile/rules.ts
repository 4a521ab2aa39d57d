import { normalisePhone } from '../../region-config/phone-postal';
import { NICKNAME_MAX } from '../auth/account-form';

/**
 * A nickname on the profile: 1 to 50 characters (the sign-up's length) of letters, marks, digits, spaces and
 * . _ ' -, starting and ending with a letter or digit.
 */
export const NICKNAME_RULE = { min: 1, max: NICKNAME_MAX } as const;
const NICKNAME_CHARS = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N} ._'-]*[\p{L}\p{M}\p{N}])?$/u;
/** Birthday editable once a year: a change is refused until a year after the last one. */
export const BIRTHDAY_CHANGE_MONTHS = 12;
/** The earliest birthday the form takes (anything earlier is a typo). */
export const BIRTHDAY_MIN = '1900-01-01';

/** Catalogue keys of the profile's field messages. */
export type ProfileErrorKey =
  | 'account.profile.error.nickname'
  | 'account.profile.error.phone'
  | 'account.profile.error.birthday';

/**
 * The nickname as stored (NFC, trimmed), or null when it breaks the rule. Control characters, angle brackets,
 * emoji and runs of punctuation are refused: the nickname is shown to other shoppers next to reviews.
 */
export function cleanNickname(value: string): string | null {
  const nfc = value.normalize('NFC').trim();
  const length = [...nfc].length;
  if (length < NICKNAME_RULE.min || length > NICKNAME_RULE.max) return null;
  if (!NICKNAME_CHARS.test(nfc) || /[ ._'-]{2}/.test(nfc)) return null;
  return nfc;
}

/**
 * The phone as stored, in the international form (E.164, as addresses store it, so that the courier and the
 * support desk read one form); '' clears it; null when it is not a phone number of the storefront's country.
 */
export function cleanPhone(local: string, value: string): string | null {
  if (value.trim() === '') return '';
  if (value.length > 40) return null;
  return normalisePhone(local, value);
}

/** True for a real calendar date `YYYY-MM-DD` between BIRTHDAY_MIN and `today` (both `YYYY-MM-DD`). */
export function isValidBirthday(value: string, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== value) return false;
  return value >= BIRTHDAY_MIN && value <= today;
}
