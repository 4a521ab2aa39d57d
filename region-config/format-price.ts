import type { PriceDisplay } from './price-display.schema';

/** Shown instead of a price the shop keeps secret until an event starts. */
export const BLIND_PRICE = '???';
/** Shown for a value that is not a number. */
export const INVALID_PRICE = '---';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Parses a price from the API; strings must be plain decimal numbers ("1299.5"), anything else is invalid. */
export function toPriceNumber(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!NUMERIC.test(trimmed)) return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Rounds half away from zero on the decimal representation, so 1.005 → 1.01 (binary floats would give 1.00). */
function roundTo(value: number, decimals: number): string {
  const shifted = Math.round(Number(`${Math.abs(value)}e${decimals}`));
  return Number(`${shifted}e-${decimals}`).toFixed(decimals);
}

function group(integer: string, separator: string, grouping: PriceDisplay['grouping']): string {
  if (integer.length <= 3) return integer;
  if (grouping === 'indian') {
    const last3 = integer.slice(-3);
    const rest = integer.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, separator);
    return `${rest}${separator}${last3}`;
  }
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats a price with a country's display: sign, grouping, decimals and currency text.
 * @example formatPrice(1299000, idDisplay) // "Rp1.299.000"
 * @example formatPrice('1299', deDisplay)  // "1.299,00 €"
 * @example formatPrice(null, deDisplay)    // "---"
 */
export function formatPrice(
  value: number | string | null | undefined,
  display: PriceDisplay,
  opts: { blind?: boolean } = {},
): string {
  if (opts.blind) return BLIND_PRICE;
  const amount = toPriceNumber(value);
  if (amount === undefined) return INVALID_PRICE;
  const fixed = roundTo(amount, display.decimals);
  const [integer = '0', fraction] = fixed.split('.');
  // -0.001 rounds to "0.00": no minus sign before a zero price.
  const negative = amount < 0 && /[1-9]/.test(fixed);
  const number =
    group(integer, display.thousandsSeparator, display.grouping) +
    (fraction ? display.decimalSeparator + fraction : '');
  return `${negative ? '-' : ''}${display.prefix}${number}${display.suffix}`;
}
