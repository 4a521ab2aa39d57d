/**
 * Validation patterns, written once: widgets check forms with them and the server checks again.
 * No imports, so a widget that needs a pattern ships only this file (per-country rules are in phone-postal.ts).
 */

/** Email: word characters with - or . parts, @, domain, dot, suffix. */
export const EMAIL_PATTERN = /^\w+([-.]\w+)*@\w+([-.]\w+)*\.\w+([-.]\w+)*$/;

/** Phone-like: digits and - ( ) / + and full-width parentheses only. */
export const PHONE_LIKE_PATTERN = /^[0-9\-()/+（）]+$/;

/** URL: optional http(s), dotted host, optional port, path, query, hash. */
export const URL_PATTERN = /^(https?:\/\/)?([\w-]+\.)+[\w-]+(:\d{1,5})?(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/;

/** Chat language: a language with a region (xx-XX) or a UN M.49 area (001 world, 150 Europe, 419 Latin America). */
export const CHAT_LANGUAGE_PATTERN = /^[a-z]{2}-([A-Z]{2}|001|150|419)$/;

/** Postal codes are letters, digits, spaces and hyphens ("1234 AB", "00-950", "D02 X285"). */
export const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isPhoneLike(value: string): boolean {
  return PHONE_LIKE_PATTERN.test(value);
}

export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** The chat language to use: the query value if it matches, else the fallback (the storefront language). */
export function chatLanguageOr(value: string | null | undefined, fallback: string): string {
  return value && CHAT_LANGUAGE_PATTERN.test(value) ? value : fallback;
}
