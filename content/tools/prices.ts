/**
 * Converts a EUR base price to a country's local price with a realistic FX rate, price level and the
 * price endings shoppers expect there (Rp 4.299.000, ¥54,980, ₩549,900, 349,99 €). Generator-only.
 */
import { countryCurrency } from '../storefronts';

/** Units of currency per EUR (rounded market rates, late 2025). */
const perEur: Record<string, number> = {
  EUR: 1,
  GBP: 0.86,
  PLN: 4.25,
  RUB: 95,
  THB: 37.5,
  TRY: 47,
  MXN: 21,
  KRW: 1600,
  VND: 30000,
  JPY: 170,
  CNY: 8.2,
  HKD: 9,
  TWD: 35,
  INR: 100,
  IDR: 19000,
  MYR: 4.9,
  SGD: 1.5,
  COP: 4500,
  PEN: 4.0,
  USD: 1.16,
  UAH: 48,
  AED: 4.25,
  KZT: 600,
  MAD: 10.7,
  SAR: 4.35,
  CZK: 24.5,
  HUF: 390,
  RON: 5.05,
  SEK: 11,
  DKK: 7.46,
  NOK: 11.7,
  CHF: 0.94,
  PHP: 66,
  AUD: 1.78,
  NZD: 2.0,
  CLP: 1090,
  BRL: 6.3,
  EGP: 55,
  NGN: 1700,
  ZAR: 20.5,
  LKR: 345,
  BDT: 140,
};

/** Relative price level of a country (1 = euro area); phones are cheaper in India and South-East Asia. */
const priceLevel: Record<string, number> = {
  in: 0.72,
  id: 0.8,
  vn: 0.82,
  ph: 0.85,
  bd: 0.85,
  lk: 0.9,
  eg: 0.85,
  ng: 0.95,
  th: 0.88,
  my: 0.86,
  cn: 0.75,
  tr: 1.15,
  br: 1.2,
  ar: 1.1,
  ch: 1.05,
  no: 1.05,
  dk: 1.02,
  se: 1.02,
  jp: 0.95,
  kr: 1.0,
  us: 0.92,
};

/** Currencies shown with cents; every other one is an integer price. */
const centCurrencies = new Set(['EUR', 'GBP', 'USD', 'AUD', 'NZD', 'SGD', 'CHF']);

/** Rounds a raw local amount to a shelf price of that currency. */
export function shelfPrice(raw: number, currency: string): number {
  if (currency === 'IDR') return Math.max(1, Math.round(raw / 10_000)) * 10_000 - 1_000; // …9.000
  if (currency === 'JPY') return Math.max(1, Math.round(raw / 100)) * 100 - 20; // …980
  if (currency === 'KRW') return Math.max(1, Math.round(raw / 10_000)) * 10_000 - 100; // …9,900
  if (currency === 'VND') return Math.max(1, Math.round(raw / 100_000)) * 100_000 - 10_000; // …90.000
  if (currency === 'INR') return Math.max(1, Math.round(raw / 1_000)) * 1_000 - 1; // …999
  if (currency === 'CHF') return raw < 100 ? Math.round(raw) - 0.1 : Math.round(raw / 10) * 10 - 0.1; // .90
  if (centCurrencies.has(currency)) return raw < 100 ? Math.round(raw) - 0.01 : Math.round(raw / 10) * 10 - 0.01; // .99
  // Integer currencies: two significant digits, then a "9" ending one step below (1.499 zł, 139.900 Ft).
  const digits = Math.floor(Math.log10(Math.max(raw, 1))) + 1;
  const step = 10 ** Math.max(digits - 2, 0);
  const rounded = Math.max(1, Math.round(raw / step)) * step;
  return step >= 100 ? rounded - step / 100 : rounded > 10 ? rounded - 1 : rounded;
}

/** What one euro of a base price comes to in `local`: its currency and the rate times the country's price level. */
export function localRate(local: string): { currency: string; rate: number } {
  const currency = countryCurrency[local];
  const rate = currency ? perEur[currency] : undefined;
  if (!currency || rate === undefined) throw new Error(`no currency/rate for country ${local}`);
  return { currency, rate: rate * (priceLevel[local] ?? 1) };
}

/** Local shelf price in `local` for a EUR base price. */
export function localPrice(eur: number, local: string): { currency: string; price: number } {
  const { currency, rate } = localRate(local);
  return { currency, price: Number(shelfPrice(eur * rate, currency).toFixed(2)) };
}

/** Countries of the EU/EEA where energy and EPREL bundle labels are compulsory. */
export const labelCountries = [
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pl',
  'be',
  'at',
  'pt',
  'gr',
  'cz',
  'sk',
  'hu',
  'ro',
  'bg',
  'hr',
  'se',
  'dk',
  'fi',
  'ie',
  'no',
] as const;
