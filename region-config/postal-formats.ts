/**
 * The postal code and phone formats of every storefront country: one table that the server's address rules
 * (phone-postal.ts) and the address island (widgets/lib/address-form.tsx) both read, so they agree.
 * No imports: an island that checks a postal code ships only this file (the server checks phone numbers with
 * libphonenumber-js, too heavy for an island; the island shows the server's answer with the example below).
 */

/** How a country writes its postal codes: the canonical form, and where the separator goes. */
export interface PostalFormat {
  /** The canonical form (upper case, one separator where the country writes one). */
  pattern: RegExp;
  /** A real code in the canonical form, shown in the field error ("as in 10110"). */
  example: string;
  /** Where a separator goes when the shopper typed none: [position, separator] ("1234AB" → "1234 AB"). */
  split?: readonly [number, ' ' | '-'];
}

/** A country's entry: its postal format (null: the country has no postal codes) and a phone number to show. */
export interface CountryFormat {
  postal: PostalFormat | null;
  /** A valid mobile number in the country's national form, shown in the phone field's error. */
  phoneExample: string;
}

const digits = (n: number, example: string): PostalFormat => ({ pattern: new RegExp(`^\\d{${n}}$`), example });
/** n digits, the first not 0 (Belgium, Austria, Switzerland, Hungary...). */
const digitsNoZero = (n: number, example: string): PostalFormat => ({
  pattern: new RegExp(`^[1-9]\\d{${n - 1}}$`),
  example,
});
/** Five digits written "123 45" (Sweden, Greece, Czechia, Slovakia). */
const split3and2: PostalFormat['split'] = [3, ' '];

/** UK postcodes (the Royal Mail's outward and inward codes), with the one special code GIR 0AA. */
const UK_POSTCODE =
  /^(GIR 0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/;
/** Irish Eircodes: a routing key (a letter and two digits, or D6W) and four characters. */
const EIRCODE = /^([AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$/;

/** Every storefront country (region-config's `local`); a test checks the table covers region-data.json. */
export const COUNTRY_FORMATS: Readonly<Record<string, CountryFormat>> = {
  ae: { postal: null, phoneExample: '050 123 4567' },
  at: { postal: digitsNoZero(4, '1010'), phoneExample: '0664 123456' },
  au: { postal: digits(4, '2000'), phoneExample: '0412 345 678' },
  bd: { postal: digits(4, '1000'), phoneExample: '01812-345678' },
  be: { postal: digitsNoZero(4, '1000'), phoneExample: '0470 12 34 56' },
  bg: { postal: digitsNoZero(4, '1000'), phoneExample: '087 123 4567' },
  br: { postal: { pattern: /^\d{5}-\d{3}$/, example: '01310-100', split: [5, '-'] }, phoneExample: '(11) 96123-4567' },
  ch: { postal: digitsNoZero(4, '8001'), phoneExample: '078 123 45 67' },
  cl: { postal: digits(7, '8320000'), phoneExample: '9 6123 4567' },
  cn: { postal: digits(6, '100000'), phoneExample: '131 2345 6789' },
  co: { postal: digits(6, '110111'), phoneExample: '321 1234567' },
  cz: {
    postal: { pattern: /^[1-7]\d{2} \d{2}$/, example: '110 00', split: split3and2 },
    phoneExample: '601 123 456',
  },
  de: { postal: digits(5, '10115'), phoneExample: '01512 3456789' },
  dk: { postal: digits(4, '1050'), phoneExample: '32 12 34 56' },
  eg: { postal: digits(5, '11511'), phoneExample: '0100 123 4567' },
  es: { postal: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' }, phoneExample: '612 34 56 78' },
  fi: { postal: digits(5, '00100'), phoneExample: '041 2345678' },
  fr: { postal: digits(5, '75008'), phoneExample: '06 12 34 56 78' },
  gr: { postal: { pattern: /^[1-8]\d{2} \d{2}$/, example: '104 31', split: split3and2 }, phoneExample: '691 234 5678' },
  hk: { postal: null, phoneExample: '5123 4567' },
  hr: { postal: { pattern: /^[1-5]\d{4}$/, example: '10000' }, phoneExample: '092 123 4567' },
  hu: { postal: digitsNoZero(4, '1051'), phoneExample: '06 20 123 4567' },
  id: { postal: digitsNoZero(5, '10110'), phoneExample: '0812-3456-7890' },
  ie: { postal: { pattern: EIRCODE, example: 'D02 X285', split: [3, ' '] }, phoneExample: '085 012 3456' },
  in: { postal: digitsNoZero(6, '110001'), phoneExample: '081234 56789' },
  it: { postal: digits(5, '00184'), phoneExample: '312 345 6789' },
  jp: { postal: { pattern: /^\d{3}-\d{4}$/, example: '100-0001', split: [3, '-'] }, phoneExample: '090-1234-5678' },
  kh: { postal: { pattern: /^\d{5,6}$/, example: '120101' }, phoneExample: '091 234 567' },
  kr: { postal: digits(5, '03187'), phoneExample: '010-2000-0000' },
  kz: { postal: digits(6, '010000'), phoneExample: '8 (771) 000 9998' },
  lk: { postal: digits(5, '00100'), phoneExample: '071 234 5678' },
  ma: { postal: digits(5, '10000'), phoneExample: '06 50 12 34 56' },
  mx: { postal: digits(5, '06000'), phoneExample: '222 123 4567' },
  my: { postal: digits(5, '50450'), phoneExample: '012-345 6789' },
  ng: { postal: digitsNoZero(6, '100001'), phoneExample: '0802 123 4567' },
  nl: {
    // Letter pairs SA, SD and SS are not issued.
    postal: { pattern: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/, example: '1011 AB', split: [4, ' '] },
    phoneExample: '06 12345678',
  },
  no: { postal: digits(4, '0150'), phoneExample: '406 12 345' },
  nz: { postal: digits(4, '6011'), phoneExample: '021 123 4567' },
  pe: { postal: digits(5, '15001'), phoneExample: '912 345 678' },
  ph: { postal: digits(4, '1000'), phoneExample: '0905 123 4567' },
  pl: { postal: { pattern: /^\d{2}-\d{3}$/, example: '00-950', split: [2, '-'] }, phoneExample: '512 345 678' },
  pt: {
    postal: { pattern: /^[1-9]\d{3}-\d{3}$/, example: '1000-001', split: [4, '-'] },
    phoneExample: '912 345 678',
  },
  ro: { postal: digits(6, '010011'), phoneExample: '0712 034 567' },
  ru: { postal: digitsNoZero(6, '101000'), phoneExample: '8 (912) 345-67-89' },
  sa: { postal: { pattern: /^\d{5}(-\d{4})?$/, example: '11564', split: [5, '-'] }, phoneExample: '051 234 5678' },
  se: {
    postal: { pattern: /^[1-9]\d{2} \d{2}$/, example: '114 55', split: split3and2 },
    phoneExample: '070-123 45 67',
  },
  sg: { postal: digits(6, '018956'), phoneExample: '8123 4567' },
  sk: {
    postal: { pattern: /^[089]\d{2} \d{2}$/, example: '811 01', split: split3and2 },
    phoneExample: '0912 123 456',
  },
  th: { postal: digitsNoZero(5, '10200'), phoneExample: '081 234 5678' },
  tr: { postal: { pattern: /^(0[1-9]|[1-7]\d|8[01])\d{3}$/, example: '34000' }, phoneExample: '0501 234 56 78' },
  tw: { postal: { pattern: /^\d{3}(\d{2,3})?$/, example: '100' }, phoneExample: '0912 345 678' },
  ua: { postal: digits(5, '01001'), phoneExample: '050 123 4567' },
  uk: { postal: { pattern: UK_POSTCODE, example: 'SW1A 1AA', split: [-3, ' '] }, phoneExample: '07400 123456' },
  us: { postal: { pattern: /^\d{5}(-\d{4})?$/, example: '10001', split: [5, '-'] }, phoneExample: '(201) 555-0123' },
  vn: { postal: digits(5, '10000'), phoneExample: '0912 345 678' },
  za: { postal: digits(4, '8001'), phoneExample: '071 123 4567' },
};

/**
 * A postal code as the country writes it: upper case, blanks collapsed, the separator put where the country puts
 * one (a typed "1234ab" becomes "1234 AB", "1000001" becomes "1000-001") and blanks dropped where it puts none
 * ("560 001" becomes "560001"). Does not check the code.
 * @example normalisePostalCode('uk', ' sw1a1aa ') // 'SW1A 1AA'
 */
export function normalisePostalCode(local: string, value: string): string {
  const format = COUNTRY_FORMATS[local]?.postal;
  const compact = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!format) return compact;
  // A country written without a separator: blanks typed inside ("560 001") are dropped.
  if (!format.split) return format.pattern.test(compact) ? compact : compact.replace(/ /g, '');
  const [at, separator] = format.split;
  const bare = compact.replace(/[ -]/g, '');
  const cut = at < 0 ? bare.length + at : at;
  // Too short to split: leave it for the pattern to refuse.
  if (cut <= 0 || cut >= bare.length) return compact;
  return `${bare.slice(0, cut)}${separator}${bare.slice(cut)}`;
}

/** True when the (normalised) postal code has the country's form; a country without postal codes takes only ''. */
export function postalCodeHasFormat(local: string, value: string): boolean {
  const format = COUNTRY_FORMATS[local]?.postal;
  const code = normalisePostalCode(local, value);
  if (format === null) return code === '';
  // A country missing from the table (a new one before its row): letters, digits, blanks and hyphens.
  if (format === undefined) return /^[A-Z0-9][A-Z0-9 -]{0,11}$/.test(code);
  return format.pattern.test(code);
}
