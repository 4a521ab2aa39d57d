/**
 * §5 validation rules, written once: widgets check forms with them and the server checks again.
 */
import { getRegionSettings } from './regions';

/** §5 email: word characters with - or . parts, @, domain, dot, suffix. */
export const EMAIL_PATTERN = /^\w+([-.]\w+)*@\w+([-.]\w+)*\.\w+([-.]\w+)*$/;

/** §5 phone-like: digits and - ( ) / + and full-width parentheses only. */
export const PHONE_LIKE_PATTERN = /^[0-9\-()/+（）]+$/;

/** §5 URL: optional http(s), dotted host, optional port, path, query, hash. */
export const URL_PATTERN = /^(https?:\/\/)?([\w-]+\.)+[\w-]+(:\d{1,5})?(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/;

/** §5 chat language: a language with a region (xx-XX) or a UN M.49 area (001 world, 150 Europe, 419 Latin America). */
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

/** The chat language to use: the query value if it matches §5, else the fallback (the storefront language). */
export function chatLanguageOr(value: string | null | undefined, fallback: string): string {
  return value && CHAT_LANGUAGE_PATTERN.test(value) ? value : fallback;
}

/** Phone rule of a country (§5): phone-like characters, 1..phoneMaxLength digits (separators are not counted). */
export const phoneRule = (local: string) => {
  const { phoneCode, phoneMaxLength } = getRegionSettings(local);
  return { phoneCode, maxLength: phoneMaxLength, pattern: PHONE_LIKE_PATTERN };
};

/** Postal rule of a country (§5): up to zipCodeMaxLength characters; required = false when the country has none. */
export const postalRule = (local: string) => {
  const { zipCodeMaxLength } = getRegionSettings(local);
  return { required: zipCodeMaxLength > 0, maxLength: zipCodeMaxLength, pattern: POSTAL_CODE_PATTERN };
};

/** True when the value is a valid national phone number for the country (unknown countries: 20 digits). */
export function isValidPhone(local: string, value: string): boolean {
  const { maxLength } = phoneRule(local);
  const trimmed = value.trim();
  if (!isPhoneLike(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 1 && digits <= maxLength;
}

/** True when the value is a valid postal code for the country; a country without postal codes accepts only ''. */
export function isValidPostalCode(local: string, value: string): boolean {
  const { required, maxLength, pattern } = postalRule(local);
  const trimmed = value.trim();
  if (!required) return trimmed === '';
  return trimmed.length <= maxLength && pattern.test(trimmed);
}
