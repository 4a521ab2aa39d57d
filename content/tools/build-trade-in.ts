/**
 * The trade-in snapshot: a programme in every storefront country. Old-device values come from one euro price list
 * converted at fixed rates and rounded to amounts a shopper reads easily (Rp10.000, ₹100, €5, ¥1,000); condition
 * deductions are shares of that value; the new phones of each country carry their own bonus and subsidy. The first
 * launch countries (id, in, de, es, fr) have their own tables; every other country converts the standard bonus table
 * with the rate and price level its catalogue prices use, for the phones it sells.
 */
import type { Product } from '../schemas/products.schema';
import type { TradeInCountry, TradeInSnapshot } from '../schemas/trade-in.schema';
import { countryCurrency } from '../storefronts';
import { localRate } from './prices';

/** Old devices and their euro value in flawless condition per storage. */
const OLD_DEVICES: [id: string, brand: string, model: string, storages: [string, number][]][] = [
  [
    'xiaomi-13',
    'Xiaomi',
    'Xiaomi 13',
    [
      ['128GB', 230],
      ['256GB', 260],
    ],
  ],
  [
    'xiaomi-12',
    'Xiaomi',
    'Xiaomi 12',
    [
      ['128GB', 150],
      ['256GB', 175],
    ],
  ],
  [
    'redmi-note-13-pro',
    'Redmi',
    'Redmi Note 13 Pro',
    [
      ['256GB', 120],
      ['512GB', 145],
    ],
  ],
  [
    'redmi-note-12',
    'Redmi',
    'Redmi Note 12',
    [
      ['128GB', 60],
      ['256GB', 75],
    ],
  ],
  [
    'poco-f5',
    'POCO',
    'POCO F5',
    [
      ['256GB', 140],
      ['512GB', 165],
    ],
  ],
  [
    'galaxy-s22',
    'Samsung',
    'Galaxy S22',
    [
      ['128GB', 190],
      ['256GB', 215],
    ],
  ],
  [
    'galaxy-a54',
    'Samsung',
    'Galaxy A54',
    [
      ['128GB', 110],
      ['256GB', 130],
    ],
  ],
  [
    'iphone-12',
    'Apple',
    'iPhone 12',
    [
      ['64GB', 170],
      ['128GB', 200],
    ],
  ],
  [
    'iphone-13',
    'Apple',
    'iPhone 13',
    [
      ['128GB', 280],
      ['256GB', 320],
    ],
  ],
  ['oppo-reno8', 'OPPO', 'Reno8', [['256GB', 95]]],
  ['vivo-v27', 'vivo', 'V27', [['256GB', 105]]],
];

/** The condition questions (the device must power on to be evaluated at all). */
const QUESTIONS: TradeInCountry['questions'] = [
  {
    id: 'powers-on',
    options: [
      { id: 'yes', deductionPercent: 0 },
      { id: 'no', deductionPercent: 100, notEligible: true },
    ],
  },
  {
    id: 'screen',
    options: [
      { id: 'flawless', deductionPercent: 0 },
      { id: 'light-scratches', deductionPercent: 10 },
      { id: 'deep-scratches', deductionPercent: 25 },
      { id: 'cracked', deductionPercent: 45 },
    ],
  },
  {
    id: 'body',
    options: [
      { id: 'flawless', deductionPercent: 0 },
      { id: 'light-wear', deductionPercent: 5 },
      { id: 'dents', deductionPercent: 15 },
      { id: 'broken-back', deductionPercent: 30 },
    ],
  },
  {
    id: 'functions',
    options: [
      { id: 'all-work', deductionPercent: 0 },
      { id: 'one-fault', deductionPercent: 20 },
      { id: 'several-faults', deductionPercent: 40 },
    ],
  },
  {
    id: 'accessories',
    options: [
      { id: 'box-and-charger', deductionPercent: 0 },
      { id: 'charger-only', deductionPercent: 3 },
      { id: 'none', deductionPercent: 5 },
    ],
  },
];

interface Market {
  local: string;
  currency: string;
  /** Currency units per euro. */
  perEur: number;
  /** Round values to this many major units. */
  step: number;
  /** Minor digits of the currency (ISO 4217). */
  exponent: number;
  /** New phones with their bonus and subsidy in euros. */
  phones: [productId: string, bonusEur: number, subsidyEur: number][];
}

const MARKETS: Market[] = [
  {
    local: 'id',
    currency: 'IDR',
    perEur: 18_000,
    step: 10_000,
    exponent: 0,
    phones: [
      ['xiaomi-15-ultra', 60, 30],
      ['xiaomi-15', 45, 20],
      ['xiaomi-15t-pro', 45, 20],
      ['xiaomi-15t', 30, 15],
      ['redmi-note-14-pro-plus-5g', 30, 10],
      ['redmi-note-14-pro', 20, 10],
      ['poco-f7', 15, 0],
      ['redmi-note-14', 10, 0],
    ],
  },
  {
    local: 'in',
    currency: 'INR',
    perEur: 95,
    step: 100,
    exponent: 2,
    phones: [
      ['xiaomi-15-ultra', 60, 30],
      ['xiaomi-15', 45, 20],
      ['xiaomi-15t-pro', 45, 20],
      ['redmi-note-14-pro-plus-5g', 30, 10],
      ['poco-f7-pro', 25, 0],
      ['poco-f7', 15, 0],
      ['poco-x7-pro', 15, 0],
    ],
  },
  {
    local: 'de',
    currency: 'EUR',
    perEur: 1,
    step: 5,
    exponent: 2,
    phones: [
      ['xiaomi-15-ultra', 100, 50],
      ['xiaomi-15', 75, 25],
      ['xiaomi-15t-pro', 75, 25],
      ['xiaomi-15t', 50, 25],
      ['redmi-note-14-pro-plus-5g', 30, 0],
      ['poco-f7-pro', 30, 0],
    ],
  },
  {
    local: 'es',
    currency: 'EUR',
    perEur: 1,
    step: 5,
    exponent: 2,
    phones: [
      ['xiaomi-15-ultra', 100, 50],
      ['xiaomi-15t-pro', 75, 25],
      ['redmi-note-14-pro-plus-5g', 30, 0],
      ['poco-f7-pro', 30, 0],
      ['poco-f7', 20, 0],
    ],
  },
  {
    local: 'fr',
    currency: 'EUR',
    perEur: 1,
    step: 5,
    exponent: 2,
    phones: [
      ['xiaomi-15-ultra', 100, 50],
      ['xiaomi-15', 75, 25],
      ['xiaomi-15t-pro', 75, 25],
      ['redmi-note-14-pro-plus-5g', 30, 0],
      ['poco-f7-pro', 30, 0],
    ],
  },
];

/**
 * The bonus and subsidy (euros) each new phone carries where a country has no table of its own: flagships most,
 * mid-range phones a little, entry phones none (their price leaves no room).
 */
const STANDARD_PHONES: [productId: string, bonusEur: number, subsidyEur: number][] = [
  ['xiaomi-15-ultra', 100, 50],
  ['xiaomi-15', 75, 25],
  ['xiaomi-15t-pro', 75, 25],
  ['xiaomi-15t', 50, 25],
  ['redmi-note-14-pro-plus-5g', 30, 10],
  ['redmi-note-14-pro', 20, 10],
  ['poco-f7-pro', 30, 0],
  ['poco-f7', 15, 0],
  ['poco-x7-pro', 15, 0],
];

/** Minor digits of a currency as ISO 4217 (through Intl) gives them: the server converts with the same. */
const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** A rounding step that reads easily: 5 where one euro is about one unit, then 10, 100, 1,000, 10,000, 100,000. */
function readableStep(perEur: number): number {
  if (perEur < 2) return 5;
  return 10 ** Math.max(1, Math.floor(Math.log10(perEur * 5)));
}

/** The market of a country without a table of its own, for the phones its catalogue offers. */
function standardMarket(local: string, products: readonly Product[]): Market {
  const { currency, rate } = localRate(local);
  const sold = (id: string) =>
    products.some((p) => p.id === id && p.commodities.some((commodity) => commodity.offers[local]));
  return {
    local,
    currency,
    perEur: rate,
    step: readableStep(rate),
    exponent: minorDigits(currency),
    phones: STANDARD_PHONES.filter(([id]) => sold(id)),
  };
}

/** A euro amount in the market's currency, rounded to its step, in minor units. */
function minorOf(market: Market, euros: number): number {
  const major = Math.round((euros * market.perEur) / market.step) * market.step;
  return major * 10 ** market.exponent;
}

/** The trade-in programmes of every storefront country; `products` says which new phones each one sells. */
export function buildTradeIn(products: readonly Product[]): TradeInSnapshot {
  const own = new Set(MARKETS.map((m) => m.local));
  const markets = [
    ...MARKETS,
    ...Object.keys(countryCurrency)
      .filter((local) => !own.has(local))
      .map((local) => standardMarket(local, products)),
  ];
  return {
    countries: markets.map((m) => ({
      local: m.local,
      currency: m.currency,
      quoteValidityDays: 7,
      timing: { pickupDays: 7, refundDays: 16, rebateBusinessDays: 10 },
      models: OLD_DEVICES.map(([id, brand, model, storages]) => ({
        id,
        brand,
        model,
        storages: storages.map(([storage, eur]) => ({ storage, baseValue: minorOf(m, eur) })),
      })),
      questions: QUESTIONS,
      phones: m.phones.map(([productId, bonus, subsidy]) => ({
        productId,
        bonus: minorOf(m, bonus),
        subsidy: minorOf(m, subsidy),
      })),
    })),
  };
}
