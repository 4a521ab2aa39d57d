/**
 * What checkout charges per country: delivery methods and fees, the free-shipping threshold, how VAT or
 * GST is shown, the payment window of an unpaid order, the order amount maximum, invoices and the fiscal-ID
 * threshold. Amounts are integer minor units of the country's currency (region-config/money.ts), derived from one
 * euro price list with fixed conversion rates so a country never charges a fee out of proportion.
 */
import { getSiteConfig } from './site-config';
import { toMinor } from '../region-config/money';
import { taxIdRule } from '../region-config/tax-ids';
import type { DeliveryMethodId } from '../server/schemas/order';

export type { DeliveryMethodId };

export interface DeliveryMethod {
  id: DeliveryMethodId;
  feeMinor: number;
  /** Working days from payment to delivery. */
  days: readonly [number, number];
}

export interface CommerceRules {
  currency: string;
  /** Prices include VAT/GST (EU, UK, id, in, …): the tax is shown as "included"; otherwise it is added. */
  taxInclusive: boolean;
  /** Standard VAT/GST rate in basis points (1100 = 11 %); 0 shows no tax line. */
  taxRateBp: number;
  delivery: readonly DeliveryMethod[];
  /** Standard delivery is free from this item total (minor units). */
  freeShippingFromMinor: number;
  /** An unpaid order is cancelled and its stock released after this many minutes. */
  paymentWindowMinutes: number;
  /** Order amount maximum: the largest total one order may have. */
  orderMaxMinor: number;
  /** Company invoices (company name and tax ID) are offered where the country has a tax ID rule. */
  companyInvoice: boolean;
  /** A fiscal ID is required when the paid amount is at least EUR 3000 (converted). */
  fiscalIdFromMinor: number;
  /** Mi Points: what one point is worth in minor units (id: 10 points = Rp100; elsewhere one euro cent). */
  pointValueMinor: number;
}

/** Units of each currency per euro (fixed for fees and thresholds; prices themselves come from the catalogue). */
const PER_EUR: Readonly<Record<string, number>> = {
  EUR: 1,
  GBP: 0.85,
  PLN: 4.3,
  RUB: 95,
  THB: 38,
  TRY: 45,
  MXN: 21,
  KRW: 1500,
  VND: 28000,
  JPY: 165,
  CNY: 8,
  HKD: 8.5,
  TWD: 35,
  INR: 95,
  IDR: 18000,
  MYR: 5,
  SGD: 1.5,
  COP: 4500,
  PEN: 4.1,
  USD: 1.1,
  UAH: 46,
  AED: 4,
  KZT: 560,
  MAD: 10.8,
  SAR: 4.1,
  CZK: 25,
  HUF: 400,
  RON: 5,
  SEK: 11.5,
  DKK: 7.45,
  NOK: 11.7,
  CHF: 0.94,
  PHP: 63,
  AUD: 1.7,
  NZD: 1.9,
  CLP: 1050,
  BRL: 6,
  EGP: 55,
  NGN: 1700,
  ZAR: 20.5,
  LKR: 330,
  BDT: 130,
};

/** Standard VAT/GST rates in basis points; countries not listed show no tax line. */
const TAX_RATE_BP: Readonly<Record<string, number>> = {
  de: 1900,
  fr: 2000,
  es: 2100,
  it: 2200,
  nl: 2100,
  be: 2100,
  at: 2000,
  pt: 2300,
  gr: 2400,
  sk: 2300,
  bg: 2000,
  hr: 2500,
  fi: 2550,
  ie: 2300,
  uk: 2000,
  pl: 2300,
  cz: 2100,
  hu: 2700,
  ro: 2100,
  se: 2500,
  dk: 2500,
  no: 2500,
  ch: 810,
  ru: 2000,
  id: 1100,
  in: 1800,
  th: 700,
  tr: 2000,
  mx: 1600,
  kr: 1000,
  vn: 1000,
  jp: 1000,
  cn: 1300,
  tw: 500,
  my: 1000,
  sg: 900,
  co: 1900,
  pe: 1800,
  ua: 2000,
  ae: 500,
  kz: 1200,
  ma: 2000,
  sa: 1500,
  ph: 1200,
  au: 1000,
  nz: 1500,
  cl: 1900,
  eg: 1400,
  ng: 750,
  za: 1500,
  lk: 1800,
  bd: 1500,
  kh: 1000,
};

/** Where shelf prices exclude sales tax (it is added at checkout). */
const TAX_EXCLUSIVE = new Set(['us']);

const EURO_PRICES = { standard: 4.99, express: 9.99, freeFrom: 49, orderMax: 20_000, fiscalIdFrom: 3_000 };

/** A euro amount in the currency, rounded to two significant digits so fees read naturally (Rp90.000, ¥820). */
export function converted(euros: number, currency: string, exact = false): number {
  const rate = PER_EUR[currency] ?? 1;
  const value = euros * rate;
  if (rate === 1 || exact) return toMinor(value, currency);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return toMinor(Math.round(value / step) * step, currency);
}

const cache = new Map<string, CommerceRules>();

/** The checkout rules of a country (by its local code, e.g. 'id', 'de'). */
export function commerceRules(local: string): CommerceRules {
  const hit = cache.get(local);
  if (hit) return hit;
  const currency = getSiteConfig(local).priceDisplay.currency;
  const rules: CommerceRules = {
    currency,
    taxInclusive: !TAX_EXCLUSIVE.has(local),
    taxRateBp: TAX_RATE_BP[local] ?? 0,
    delivery: [
      { id: 'standard', feeMinor: converted(EURO_PRICES.standard, currency), days: [2, 5] },
      { id: 'express', feeMinor: converted(EURO_PRICES.express, currency), days: [1, 2] },
    ],
    freeShippingFromMinor: converted(EURO_PRICES.freeFrom, currency),
    paymentWindowMinutes: 60,
    orderMaxMinor: converted(EURO_PRICES.orderMax, currency),
    companyInvoice: taxIdRule(local) !== null,
    // A legal threshold: converted exactly, never rounded down past it.
    fiscalIdFromMinor: converted(EURO_PRICES.fiscalIdFrom, currency, true),
    pointValueMinor: local === 'id' ? 10 : Math.max(1, converted(0.01, currency, true)),
  };
  cache.set(local, rules);
  return rules;
}

/** Every currency a storefront uses has a conversion rate (checked by the site config tests). */
export function hasRate(currency: string): boolean {
  return currency in PER_EUR;
}
