import type { RiskRules } from '../../sites/risk-rules';
import type { ReviewReason } from '../schemas/review';

/** What the store knows of a new order when it is placed, for the risk rules. */
export interface RiskFacts {
  /** The storefront's country (its local code). */
  local: string;
  /** Orders the same account placed within the rules' window before this one (any state). */
  accountOrders: number;
  /** Orders other accounts placed to the same delivery address within the window (any state). */
  addressOrders: number;
  /** Days since the account was made (fractional). */
  accountAgeDays: number;
  /** The order's total in minor units. */
  total: number;
  /** A company purchase by an approved enterprise account (the new-account rule does not apply). */
  company: boolean;
  /** The country the invoice names (a storefront local code), or null when it names none. */
  billingCountry: string | null;
}

/**
 * The risk rules that fire for an order, by name (empty: it is not reviewed). Each counts the new order itself:
 * "more than 3 orders in an hour" fires on the fourth.
 * @example reviewReasons(riskRules('de'), { local: 'de', accountOrders: 3, ... }) // ['account_velocity']
 */
export function reviewReasons(rules: RiskRules, facts: RiskFacts): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  if (facts.accountOrders + 1 > rules.accountOrdersPerHour) reasons.push('account_velocity');
  if (facts.addressOrders + 1 > rules.addressOrdersPerHour) reasons.push('address_velocity');
  if (rules.billingCountry && facts.billingCountry !== null && facts.billingCountry !== facts.local)
    reasons.push('billing_country');
  if (!facts.company && facts.accountAgeDays < rules.newAccountDays && facts.total > rules.newAccountTotalMinor)
    reasons.push('new_account_total');
  return reasons;
}

/** VAT number prefixes that name a country, by the storefront local code of that country (Greece writes EL). */
const VAT_PREFIXES: Readonly<Record<string, string>> = {
  AT: 'at',
  BE: 'be',
  BG: 'bg',
  CH: 'ch',
  CZ: 'cz',
  DE: 'de',
  DK: 'dk',
  EL: 'gr',
  ES: 'es',
  FI: 'fi',
  FR: 'fr',
  GB: 'uk',
  GR: 'gr',
  HR: 'hr',
  HU: 'hu',
  IE: 'ie',
  IT: 'it',
  NL: 'nl',
  PL: 'pl',
  PT: 'pt',
  RO: 'ro',
  SE: 'se',
  SK: 'sk',
  XI: 'uk',
};

/**
 * The country an order's invoice bills, when it names one: a company invoice's VAT number starting with a country
 * prefix (FR…, EL…, CHE-…). Delivery addresses are always in the storefront's country (the address book is per
 * country), and the card is typed only on the payment page after placement, so the invoice is what placement knows.
 */
export function billingCountryOf(invoice: Record<string, string> | null): string | null {
  const taxId = invoice?.['taxId']?.trim().toUpperCase();
  if (!taxId) return null;
  return VAT_PREFIXES[taxId.slice(0, 2)] ?? null;
}
