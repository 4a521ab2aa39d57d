/**
 * Money as integer minor units with its currency. The number of minor digits is ISO 4217's, read from
 * the platform's Intl data (JPY and KRW 0, most currencies 2, KWD 3), so no table of our own can drift.
 */
const exponents = new Map<string, number>();

/** Minor digits of a currency: 2 for EUR (cents), 0 for JPY. */
export function currencyExponent(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    e = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, e);
  }
  return e;
}

/** A price in major units (12379000.00) as integer minor units, rounded half away from zero. */
export function toMinor(major: number, currency: string): number {
  const scaled = major * 10 ** currencyExponent(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

/** Minor units back to major units, for display with the country's price format. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** `amount × basisPoints / 10000`, rounded half up in minor units (tax, fees). */
export function percentOf(amountMinor: number, basisPoints: number): number {
  return Math.round((amountMinor * basisPoints) / 10_000);
}
