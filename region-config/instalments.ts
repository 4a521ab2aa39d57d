/**
 * Instalment plans and buy-now-pay-later offers per country (certain instalment plans
 * accept only specific banks; a debit card may not be eligible for EMI; no eligible BNPL method; instalments up to 24
 * months).
 * One place for the numbers: the API lists and checks them, the checkout island shows them. Amounts are written in
 * major units of the country's currency and used as integer minor units (region-config/money.ts).
 */
import { toMinor } from './money';

export type CardKind = 'credit' | 'debit';
/** How a plan is paid: a bank's credit or debit card, or the Bajaj Finserv (BFL) EMI card of India. */
export type PlanNetwork = 'card' | 'bfl';

/** The banks whose cards take part in instalment plans, by id (names as the shopper knows them). */
export const BANKS: Readonly<Record<string, { name: string; local: string }>> = {
  hdfc: { name: 'HDFC Bank', local: 'in' },
  icici: { name: 'ICICI Bank', local: 'in' },
  sbi: { name: 'SBI Card', local: 'in' },
  axis: { name: 'Axis Bank', local: 'in' },
  bfl: { name: 'Bajaj Finserv', local: 'in' },
  bca: { name: 'BCA', local: 'id' },
  mandiri: { name: 'Bank Mandiri', local: 'id' },
  bni: { name: 'BNI', local: 'id' },
  'cimb-niaga': { name: 'CIMB Niaga', local: 'id' },
  maybank: { name: 'Maybank', local: 'my' },
  'cimb-my': { name: 'CIMB Bank', local: 'my' },
  'public-bank': { name: 'Public Bank', local: 'my' },
  kbank: { name: 'KBank', local: 'th' },
  scb: { name: 'SCB', local: 'th' },
  krungsri: { name: 'Krungsri', local: 'th' },
  garanti: { name: 'Garanti BBVA', local: 'tr' },
  akbank: { name: 'Akbank', local: 'tr' },
  'yapi-kredi': { name: 'Yapı Kredi', local: 'tr' },
  'bbva-mx': { name: 'BBVA México', local: 'mx' },
  banamex: { name: 'Banamex', local: 'mx' },
  'santander-mx': { name: 'Santander México', local: 'mx' },
  pko: { name: 'PKO Bank Polski', local: 'pl' },
  mbank: { name: 'mBank', local: 'pl' },
  consors: { name: 'Consors Finanz', local: 'de' },
  targobank: { name: 'TARGOBANK', local: 'de' },
};

/** A group of plans one set of banks offers on the same terms; each term is one plan the shopper can choose. */
interface PlanGroup {
  id: string;
  network: PlanNetwork;
  banks: readonly string[];
  /** The banks of `banks` that also allow EMI on their debit cards; others answer "debit card EMI not eligible". */
  debitBanks: readonly string[];
  /** Smallest order amount (major units) the plans accept. */
  minAmount: number;
  /** Months and the bank's monthly interest in basis points of the amount (0 = no-cost EMI). */
  terms: readonly (readonly [months: number, monthlyRateBp: number])[];
}

interface CountryPlans {
  currency: string;
  groups: readonly PlanGroup[];
}

const COUNTRIES: Readonly<Record<string, CountryPlans>> = {
  in: {
    currency: 'INR',
    groups: [
      {
        id: 'in-nocost',
        network: 'card',
        banks: ['hdfc', 'icici', 'sbi', 'axis'],
        debitBanks: ['hdfc', 'icici'],
        minAmount: 10_000,
        terms: [
          [3, 0],
          [6, 0],
        ],
      },
      {
        id: 'in-emi',
        network: 'card',
        banks: ['hdfc', 'icici', 'sbi', 'axis'],
        debitBanks: ['hdfc'],
        minAmount: 3_000,
        terms: [
          [9, 125],
          [12, 125],
          [18, 125],
          [24, 125],
        ],
      },
      {
        id: 'in-bfl',
        network: 'bfl',
        banks: ['bfl'],
        debitBanks: [],
        minAmount: 5_000,
        terms: [
          [3, 0],
          [6, 0],
          [9, 0],
          [12, 0],
          [18, 0],
          [24, 0],
        ],
      },
    ],
  },
  id: {
    currency: 'IDR',
    groups: [
      {
        id: 'id-cicilan0',
        network: 'card',
        banks: ['bca', 'mandiri', 'bni', 'cimb-niaga'],
        debitBanks: [],
        minAmount: 1_000_000,
        terms: [
          [3, 0],
          [6, 0],
          [12, 0],
        ],
      },
      {
        id: 'id-cicilan',
        network: 'card',
        banks: ['bca', 'mandiri'],
        debitBanks: [],
        minAmount: 5_000_000,
        terms: [
          [18, 99],
          [24, 99],
        ],
      },
    ],
  },
  my: {
    currency: 'MYR',
    groups: [
      {
        id: 'my-ipp',
        network: 'card',
        banks: ['maybank', 'cimb-my', 'public-bank'],
        debitBanks: [],
        minAmount: 500,
        terms: [
          [6, 0],
          [12, 0],
        ],
      },
      {
        id: 'my-ipp-long',
        network: 'card',
        banks: ['maybank', 'public-bank'],
        debitBanks: [],
        minAmount: 1_000,
        terms: [[24, 0]],
      },
    ],
  },
  th: {
    currency: 'THB',
    groups: [
      {
        id: 'th-0',
        network: 'card',
        banks: ['kbank', 'scb', 'krungsri'],
        debitBanks: [],
        minAmount: 3_000,
        terms: [
          [3, 0],
          [4, 0],
          [6, 0],
          [10, 0],
        ],
      },
    ],
  },
  tr: {
    currency: 'TRY',
    groups: [
      {
        id: 'tr-taksit0',
        network: 'card',
        banks: ['garanti', 'akbank', 'yapi-kredi'],
        debitBanks: [],
        minAmount: 1_000,
        terms: [
          [2, 0],
          [3, 0],
        ],
      },
      {
        id: 'tr-taksit',
        network: 'card',
        banks: ['garanti', 'akbank', 'yapi-kredi'],
        debitBanks: [],
        minAmount: 1_000,
        terms: [
          [6, 299],
          [9, 299],
          [12, 299],
        ],
      },
    ],
  },
  mx: {
    currency: 'MXN',
    groups: [
      {
        id: 'mx-msi',
        network: 'card',
        banks: ['bbva-mx', 'banamex', 'santander-mx'],
        debitBanks: [],
        minAmount: 1_500,
        terms: [
          [3, 0],
          [6, 0],
          [9, 0],
          [12, 0],
        ],
      },
      {
        id: 'mx-msi-long',
        network: 'card',
        banks: ['bbva-mx', 'banamex'],
        debitBanks: [],
        minAmount: 6_000,
        terms: [
          [18, 0],
          [24, 0],
        ],
      },
    ],
  },
  pl: {
    currency: 'PLN',
    groups: [
      {
        id: 'pl-raty0',
        network: 'card',
        banks: ['pko', 'mbank'],
        debitBanks: ['pko'],
        minAmount: 300,
        terms: [
          [10, 0],
          [20, 0],
        ],
      },
      {
        id: 'pl-raty',
        network: 'card',
        banks: ['pko', 'mbank'],
        debitBanks: ['pko'],
        minAmount: 1_000,
        terms: [[24, 79]],
      },
    ],
  },
  de: {
    currency: 'EUR',
    groups: [
      {
        id: 'de-0',
        network: 'card',
        banks: ['consors', 'targobank'],
        debitBanks: ['consors'],
        minAmount: 100,
        terms: [
          [6, 0],
          [12, 0],
        ],
      },
      {
        id: 'de-ratenkauf',
        network: 'card',
        banks: ['consors', 'targobank'],
        debitBanks: ['consors'],
        minAmount: 500,
        terms: [[24, 66]],
      },
    ],
  },
};

/** Instalments run for at most 24 months. */
export const MAX_INSTALMENT_MONTHS = 24;

/** One plan the shopper can choose: a group's term in the country's currency. */
export interface InstalmentPlan {
  /** `<group>-<months>`, e.g. `in-nocost-6`. */
  id: string;
  local: string;
  network: PlanNetwork;
  months: number;
  monthlyRateBp: number;
  banks: readonly string[];
  debitBanks: readonly string[];
  currency: string;
  minAmount: number;
}

/** Every plan of a country (none where the country offers no instalments). */
export function instalmentPlans(local: string): InstalmentPlan[] {
  const country = COUNTRIES[local];
  if (!country) return [];
  return country.groups.flatMap((g) =>
    g.terms.map(([months, monthlyRateBp]) => ({
      id: `${g.id}-${months}`,
      local,
      network: g.network,
      months,
      monthlyRateBp,
      banks: g.banks,
      debitBanks: g.debitBanks,
      currency: country.currency,
      minAmount: toMinor(g.minAmount, country.currency),
    })),
  );
}

/** A plan of the country by id, or null. */
export function findPlan(local: string, planId: string): InstalmentPlan | null {
  return instalmentPlans(local).find((p) => p.id === planId) ?? null;
}

/** The plans an order of `amount` (minor units of `currency`) may use: those whose minimum it reaches. */
export function plansFor(local: string, amount: number, currency: string): InstalmentPlan[] {
  return instalmentPlans(local).filter((p) => p.currency === currency && amount >= p.minAmount);
}

/** The countries with instalment plans, and their currency. */
export function instalmentCurrencies(): Record<string, string> {
  return Object.fromEntries(Object.entries(COUNTRIES).map(([local, c]) => [local, c.currency]));
}

/** What the shopper pays the bank or provider: `months` amounts, the last absorbing the rounding. */
export interface Schedule {
  months: number;
  monthly: number;
  last: number;
  interest: number;
  total: number;
}

/**
 * The repayment of `amount` (integer minor units) over `months` with a flat monthly rate on the amount: interest
 * `amount × rate × months`, rounded half up to the minor unit; each month `floor(total / months)`, the last month
 * the rest, so the months add up to the total exactly. BigInt keeps large amounts (IDR, KRW) exact.
 * @example instalmentSchedule(100_000, 3, 0) // { monthly: 33_333, last: 33_334, interest: 0, total: 100_000 }
 */
export function instalmentSchedule(amount: number, months: number, monthlyRateBp: number): Schedule {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`amount must be a positive integer, got ${amount}`);
  if (!Number.isInteger(months) || months < 1 || months > MAX_INSTALMENT_MONTHS)
    throw new RangeError(`months must be 1..${MAX_INSTALMENT_MONTHS}, got ${months}`);
  if (!Number.isInteger(monthlyRateBp) || monthlyRateBp < 0)
    throw new RangeError(`rate must be a non-negative integer, got ${monthlyRateBp}`);
  const interest = Number((BigInt(amount) * BigInt(monthlyRateBp) * BigInt(months) + 5_000n) / 10_000n);
  const total = amount + interest;
  const monthly = Math.floor(total / months);
  return { months, monthly, last: total - monthly * (months - 1), interest, total };
}

/** The BFL (Bajaj Finserv) EMI card number: 16 digits starting 203040. */
export const BFL_CARD_PATTERN = /^203040\d{10}$/;
/** Looks like a BFL card (its prefix), whatever its length: such numbers pay only with BFL plans. */
export const isBflPrefix = (digits: string) => digits.startsWith('203040');

/** A buy-now-pay-later provider as a country offers it; each runs in the sandbox behind the BNPL interface. */
export interface BnplOffer {
  id: string;
  name: string;
  local: string;
  currency: string;
  /** How the provider splits the amount (1 = pay the whole amount later). */
  parts: number;
  /** Days between parts, or until the one payment. */
  everyDays: number;
  minAmount: number;
  maxAmount: number;
  /** The provider's own rule: the store account must be at least this old. */
  minAccountAgeDays: number;
}

type BnplRow = [
  id: string,
  name: string,
  parts: number,
  everyDays: number,
  min: number,
  max: number,
  minAccountAgeDays: number,
];
const BNPL: Readonly<Record<string, { currency: string; providers: readonly BnplRow[] }>> = {
  id: {
    currency: 'IDR',
    providers: [
      ['kredivo', 'Kredivo', 1, 30, 100_000, 30_000_000, 0],
      ['akulaku', 'Akulaku PayLater', 3, 30, 50_000, 15_000_000, 30],
    ],
  },
  in: {
    currency: 'INR',
    providers: [
      ['simpl', 'Simpl Pay-in-3', 3, 30, 100, 25_000, 0],
      ['lazypay', 'LazyPay', 1, 15, 100, 100_000, 7],
    ],
  },
  my: {
    currency: 'MYR',
    providers: [
      ['atome-my', 'Atome', 3, 30, 50, 5_000, 0],
      ['grab-paylater', 'Grab PayLater', 4, 30, 50, 3_000, 14],
    ],
  },
  th: { currency: 'THB', providers: [['atome-th', 'Atome', 3, 30, 500, 60_000, 0]] },
  mx: {
    currency: 'MXN',
    providers: [
      ['aplazo', 'Aplazo', 5, 15, 100, 20_000, 0],
      ['kueski', 'Kueski Pay', 4, 15, 200, 12_000, 7],
    ],
  },
  pl: { currency: 'PLN', providers: [['paypo', 'PayPo', 1, 30, 1, 3_000, 0]] },
  de: {
    currency: 'EUR',
    providers: [
      ['klarna', 'Klarna Pay in 30 days', 1, 30, 1, 5_000, 0],
      ['paypal-later', 'PayPal Pay in 3', 3, 30, 30, 2_000, 30],
    ],
  },
};

/** The pay-later providers of a country (none in `tr`: no provider offers it there). */
export function bnplOffers(local: string): BnplOffer[] {
  const country = BNPL[local];
  if (!country) return [];
  return country.providers.map(([id, name, parts, everyDays, min, max, minAccountAgeDays]) => ({
    id,
    name,
    local,
    currency: country.currency,
    parts,
    everyDays,
    minAmount: toMinor(min, country.currency),
    maxAmount: toMinor(max, country.currency),
    minAccountAgeDays,
  }));
}

export type BnplRefusal = 'currency' | 'below_minimum' | 'above_maximum' | 'account_too_new';

/** Why a provider cannot take an order of a shopper, or null when it can. */
export function bnplRefusal(
  offer: BnplOffer,
  amount: number,
  currency: string,
  accountAgeDays: number,
): BnplRefusal | null {
  if (currency !== offer.currency) return 'currency';
  if (amount < offer.minAmount) return 'below_minimum';
  if (amount > offer.maxAmount) return 'above_maximum';
  if (accountAgeDays < offer.minAccountAgeDays) return 'account_too_new';
  return null;
}

/** Every bank in a list exists and belongs to the plan's country; used by the unit tests. */
export function banksOf(local: string): string[] {
  return Object.entries(BANKS)
    .filter(([, b]) => b.local === local)
    .map(([id]) => id);
}
