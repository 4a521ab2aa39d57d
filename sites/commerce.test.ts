import { describe, expect, it } from 'vitest';
import { commerceRules, hasRate } from './commerce';
import { storefronts } from '../region-config';
import { getSiteConfig } from './site-config';

describe('checkout rules per country', () => {
  it('has a conversion rate for every storefront currency, and positive fees below the free-shipping threshold', () => {
    for (const { local } of storefronts) {
      expect(hasRate(getSiteConfig(local).priceDisplay.currency), local).toBe(true);
      const rules = commerceRules(local);
      for (const method of rules.delivery) expect(method.feeMinor, local).toBeGreaterThan(0);
      expect(rules.delivery[0]!.feeMinor).toBeLessThan(rules.freeShippingFromMinor);
      expect(rules.orderMaxMinor).toBeGreaterThan(rules.fiscalIdFromMinor);
    }
  });

  it('charges natural amounts in the local currency', () => {
    expect(commerceRules('de')).toMatchObject({
      currency: 'EUR',
      taxInclusive: true,
      taxRateBp: 1900,
      fiscalIdFromMinor: 300_000,
    });
    expect(commerceRules('de').delivery.map((d) => d.feeMinor)).toEqual([499, 999]);
    expect(commerceRules('id')).toMatchObject({ currency: 'IDR', taxRateBp: 1100, companyInvoice: true });
    expect(commerceRules('id').delivery[0]!.feeMinor).toBe(90_000);
    expect(commerceRules('us').taxInclusive).toBe(false);
    expect(commerceRules('hk').companyInvoice).toBe(false);
  });
});
