/**
 * Per-country phone and postal code rules: the postal formats of postal-formats.ts, and phone numbers checked
 * against the numbering plan of the country (libphonenumber-js with its full metadata: server side only, the
 * islands read postal-formats.ts instead).
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { getRegionSettings } from './regions';
import { PHONE_LIKE_PATTERN, POSTAL_CODE_PATTERN } from './validation';
import { COUNTRY_FORMATS, postalCodeHasFormat } from './postal-formats';

export { normalisePostalCode } from './postal-formats';

/** Characters a shopper may type around the digits of a phone number (blanks, dots, dashes, brackets). */
const PHONE_SEPARATORS = /[\s.\-()/（）]/g;

/** Phone rule of a country: its calling code, a digit bound, the characters allowed, and an example number. */
export const phoneRule = (local: string) => {
  const { phoneCode, phoneMaxLength } = getRegionSettings(local);
  const example = COUNTRY_FORMATS[local]?.phoneExample ?? '';
  return { phoneCode, maxLength: phoneMaxLength, pattern: PHONE_LIKE_PATTERN, example };
};

/** Postal rule of a country: required = false when the country has none; the pattern of its canonical form. */
export const postalRule = (local: string) => {
  const { zipCodeMaxLength } = getRegionSettings(local);
  const format = COUNTRY_FORMATS[local]?.postal;
  return {
    required: format === undefined ? zipCodeMaxLength > 0 : format !== null,
    maxLength: zipCodeMaxLength,
    pattern: format?.pattern ?? POSTAL_CODE_PATTERN,
    example: format?.example ?? '',
  };
};

/**
 * The number in E.164 form ('+6281234567890') when it is a valid number of the country, given nationally
 * ('0812-3456-7890') or with the country's calling code ('+62 812 3456 7890'); null otherwise.
 * @example normalisePhone('de', '030 1234567') // '+49301234567'
 */
export function normalisePhone(local: string, value: string): string | null {
  const trimmed = value.trim();
  // Letters, '#' or extensions are no number a courier can dial.
  if (!/^\+?[\d\s.\-()/（）]+$/.test(trimmed)) return null;
  const bare = trimmed.replace(PHONE_SEPARATORS, '');
  if (!/^\+?\d{4,17}$/.test(bare)) return null;
  const region = getRegionSettings(local).regionId as CountryCode;
  const parsed = parsePhoneNumberFromString(bare, region);
  if (!parsed?.isValid()) return null;
  // A number of another country (a foreign calling code) is not this country's: the courier calls locally.
  if (parsed.country !== region && `+${parsed.countryCallingCode}` !== getRegionSettings(local).phoneCode) return null;
  return parsed.number;
}

/** True when the value is a valid phone number of the country (its numbering plan, national or international). */
export function isValidPhone(local: string, value: string): boolean {
  return normalisePhone(local, value) !== null;
}

/** True when the value is a valid postal code for the country; a country without postal codes accepts only ''. */
export function isValidPostalCode(local: string, value: string): boolean {
  return postalCodeHasFormat(local, value);
}
