/**
 * Card rules, written once for the card form (widgets) and the server: Luhn check, the brand's lengths, brand detection
 * (Laser and
 * JCB are not supported), expiry MM/YY that is valid and not past, CVV of the brand's length. The BFL (Bajaj
 * Finserv) EMI card of India is its own brand: 16 digits starting 203040, usable only with BFL EMI plans
 * (region-config/instalments.ts); the sandbox's test issuers (bank, credit/debit) are in
 * server/payments/card-issuers.ts.
 */

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'unionpay',
  'maestro',
  'rupay',
  'jcb',
  'laser',
  'bfl',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
/** Laser and JCB cards unsupported. */
export const UNSUPPORTED_BRANDS: readonly CardBrand[] = ['jcb', 'laser'];

/** Brand by number prefix (IIN ranges); order matters where ranges overlap. */
const BRAND_PREFIXES: readonly [CardBrand, RegExp][] = [
  ['bfl', /^203040/],
  ['laser', /^(6304|6706|6709|6771)/],
  ['jcb', /^35(2[89]|[3-8])/],
  ['amex', /^3[47]/],
  ['rupay', /^(60|65|81|82|508)/],
  ['discover', /^(6011|64[4-9])/],
  ['unionpay', /^62/],
  ['maestro', /^(5018|5020|5038|6759|6761|6763)/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
  ['visa', /^4/],
];

/** The number lengths each brand issues (ISO/IEC 7812 ranges as the schemes publish them). */
const BRAND_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  unionpay: [16, 17, 18, 19],
  maestro: [12, 13, 14, 15, 16, 17, 18, 19],
  rupay: [16],
  jcb: [16, 17, 18, 19],
  laser: [16, 17, 18, 19],
  bfl: [16],
};

/** Whether a number has a length its brand issues: a Luhn-valid 12-digit "Visa" is no card. */
export function brandLengthValid(digits: string, brand: CardBrand): boolean {
  return BRAND_LENGTHS[brand].includes(digits.length);
}

export type CardError = 'number' | 'unsupported' | 'expiry' | 'expired' | 'cvv' | 'holder';

/** Digits only: shoppers type spaces and dashes between groups. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand | null {
  return BRAND_PREFIXES.find(([, re]) => re.test(digits))?.[0] ?? null;
}

/** MM/YY (or MM/YYYY) as month and four-digit year, or null when not a valid month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  return (
    expiry.year < now.getUTCFullYear() || (expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1)
  );
}

export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
  holder?: string;
}

/** Every field of a card form with its problem; empty when the card may be sent to the gateway. */
export function validateCard(card: CardInput, now = new Date()): Partial<Record<keyof CardInput, CardError>> {
  const errors: Partial<Record<keyof CardInput, CardError>> = {};
  const digits = cardDigits(card.number);
  const brand = cardBrand(digits);
  // BFL card 16 digits starting 203040: its own format instead of the Luhn check.
  if (
    brand === 'bfl'
      ? !/^203040\d{10}$/.test(digits)
      : !luhnValid(digits) || (brand !== null && !brandLengthValid(digits, brand))
  )
    errors.number = 'number';
  else if (!brand || UNSUPPORTED_BRANDS.includes(brand)) errors.number = 'unsupported';
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.expiry = 'expiry';
  else if (isExpired(expiry, now)) errors.expiry = 'expired';
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvv.trim())) errors.cvv = 'cvv';
  if (card.holder !== undefined && (card.holder.trim() === '' || card.holder.length > 50 || /^\s/.test(card.holder)))
    errors.holder = 'holder';
  return errors;
}
