/**
 * Per-country phone and postal code rules, from the country's phoneMaxLength and zipCodeMaxLength.
 */
import { getRegionSettings } from './regions';
import { PHONE_LIKE_PATTERN, POSTAL_CODE_PATTERN, isPhoneLike } from './validation';

/** Phone rule of a country: phone-like characters, 1..phoneMaxLength digits (separators are not counted). */
export const phoneRule = (local: string) => {
  const { phoneCode, phoneMaxLength } = getRegionSettings(local);
  return { phoneCode, maxLength: phoneMaxLength, pattern: PHONE_LIKE_PATTERN };
};

/** Postal rule of a country: up to zipCodeMaxLength characters; required = false when the country has none. */
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
