/**
 * The risk rules that put a new order in review (it cannot be paid until staff clear it), per country: one set of
 * defaults and the few countries that differ, with why. Amounts are set in euros and converted like the delivery
 * fees (commerce.ts). docs/rules.md ("Orders in review") describes each rule for operators.
 */
import { commerceRules, converted } from './commerce';

export interface RiskRules {
  /** account_velocity: more than this many orders from one account within the hour (the new one counted). */
  accountOrdersPerHour: number;
  /**
   * address_velocity: more than this many orders to one delivery address within the hour from different accounts
   * (the new one counted; the buyer's own earlier orders do not count).
   */
  addressOrdersPerHour: number;
  /** billing_country: an invoice naming another country than the storefront's puts the order in review. */
  billingCountry: boolean;
  /**
   * new_account_total: a consumer account younger than this many days (a company purchase is exempt: its enterprise
   * account was checked by staff when it was approved) ...
   */
  newAccountDays: number;
  /** ... whose order total is above this amount (minor units of the country's currency). */
  newAccountTotalMinor: number;
  /** The window of both velocity rules, in minutes. */
  windowMinutes: number;
}

/** The rules as written: amounts in euros, converted per country. */
interface RiskSettings extends Omit<RiskRules, 'newAccountTotalMinor'> {
  newAccountTotalEur: number;
}

const DEFAULTS: RiskSettings = {
  accountOrdersPerHour: 3,
  addressOrdersPerHour: 2,
  billingCountry: true,
  newAccountDays: 7,
  // Above one flagship phone (about EUR 1500): a new customer's first phone is ordinary, a basket of them is not.
  newAccountTotalEur: 2_500,
  windowMinutes: 60,
};

/** Countries whose rules differ from the defaults, and why. */
const OVERRIDES: Readonly<Record<string, Partial<RiskSettings>>> = {
  // Offices, hostels and housing societies take parcels for many neighbours at one address.
  in: { addressOrdersPerHour: 4 },
  id: { addressOrdersPerHour: 4 },
  // Cross-border company purchases inside the EU single market are routine for Belgian and Dutch buyers near the
  // borders; a large first order from a new account is the stronger signal there.
  be: { billingCountry: false, newAccountTotalEur: 2_000 },
  nl: { billingCountry: false, newAccountTotalEur: 2_000 },
};

const cache = new Map<string, RiskRules>();

/** The risk rules of a country (by its local code, e.g. 'de', 'in'). */
export function riskRules(local: string): RiskRules {
  const hit = cache.get(local);
  if (hit) return hit;
  const { newAccountTotalEur, ...settings } = { ...DEFAULTS, ...OVERRIDES[local] };
  const rules: RiskRules = {
    ...settings,
    newAccountTotalMinor: converted(newAccountTotalEur, commerceRules(local).currency),
  };
  cache.set(local, rules);
  return rules;
}

/** The countries with their own rules (for the tests and the docs). */
export const RISK_OVERRIDES: readonly string[] = Object.keys(OVERRIDES);
