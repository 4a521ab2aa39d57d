import { describe, expect, it } from 'vitest';
import { billingCountryOf, reviewReasons, type RiskFacts } from './risk';
import { RISK_OVERRIDES, riskRules } from '../../sites/risk-rules';
import { storefronts } from '../../region-config';

const de = riskRules('de');
const quiet: RiskFacts = {
  local: 'de',
  accountOrders: 0,
  addressOrders: 0,
  accountAgeDays: 400,
  total: 10_000,
  billingCountry: null,
  company: false,
};

describe('risk rules', () => {
  it('fire on the order past each limit and not on the one at it', () => {
    expect(reviewReasons(de, quiet)).toEqual([]);
    expect(reviewReasons(de, { ...quiet, accountOrders: de.accountOrdersPerHour - 1 })).toEqual([]);
    expect(reviewReasons(de, { ...quiet, accountOrders: de.accountOrdersPerHour })).toEqual(['account_velocity']);
    expect(reviewReasons(de, { ...quiet, addressOrders: de.addressOrdersPerHour - 1 })).toEqual([]);
    expect(reviewReasons(de, { ...quiet, addressOrders: de.addressOrdersPerHour })).toEqual(['address_velocity']);
    const big = de.newAccountTotalMinor + 1;
    expect(reviewReasons(de, { ...quiet, total: de.newAccountTotalMinor, accountAgeDays: 0 })).toEqual([]);
    expect(reviewReasons(de, { ...quiet, total: big, accountAgeDays: 0 })).toEqual(['new_account_total']);
    expect(reviewReasons(de, { ...quiet, total: big, accountAgeDays: de.newAccountDays })).toEqual([]);
    expect(reviewReasons(de, { ...quiet, total: big, accountAgeDays: 0, company: true })).toEqual([]);
    expect(reviewReasons(de, { ...quiet, billingCountry: 'de' })).toEqual([]);
    expect(reviewReasons(de, { ...quiet, billingCountry: 'fr' })).toEqual(['billing_country']);
  });

  it('name every rule that fired, in one order', () => {
    expect(
      reviewReasons(de, {
        ...quiet,
        accountOrders: 9,
        addressOrders: 9,
        accountAgeDays: 1,
        total: de.newAccountTotalMinor * 2,
        billingCountry: 'it',
      }),
    ).toEqual(['account_velocity', 'address_velocity', 'billing_country', 'new_account_total']);
  });

  it('read the billing country from a VAT number prefix, and none from other tax ids', () => {
    expect(billingCountryOf({ type: 'company', companyName: 'A', taxId: 'FR12345678901' })).toBe('fr');
    expect(billingCountryOf({ type: 'company', companyName: 'A', taxId: 'el123456789' })).toBe('gr');
    expect(billingCountryOf({ type: 'company', companyName: 'A', taxId: 'CHE-123.456.789' })).toBe('ch');
    expect(billingCountryOf({ type: 'company', companyName: 'A', taxId: '012345678901234' })).toBeNull();
    expect(billingCountryOf({ type: 'personal', fiscalId: 'AB-12345' })).toBeNull();
    expect(billingCountryOf(null)).toBeNull();
  });

  it('have rules for every storefront: the defaults, or an override that says why', () => {
    for (const { local } of storefronts) {
      const rules = riskRules(local);
      expect(rules.accountOrdersPerHour, local).toBeGreaterThan(0);
      expect(rules.addressOrdersPerHour, local).toBeGreaterThan(0);
      expect(rules.newAccountTotalMinor, local).toBeGreaterThan(0);
    }
    expect(riskRules('in').addressOrdersPerHour).toBeGreaterThan(riskRules('de').addressOrdersPerHour);
    expect(riskRules('be').billingCountry).toBe(false);
    expect(RISK_OVERRIDES.every((local) => storefronts.some((s) => s.local === local))).toBe(true);
  });
});
