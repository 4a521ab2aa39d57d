import { describe, expect, it } from 'vitest';
import { storefronts } from '../region-config';
import { legalGroupOf } from './legal-facts';
import { LOWEST_PRICE_COUNTRIES, showsLowestPrice } from './lowest-price';

describe('the lowest price countries', () => {
  it('are the EU countries of the legal facts plus the EEA’s Norway, each with a storefront', () => {
    const countries = [...new Set(storefronts.map((s) => s.local))];
    const eu = countries.filter((local) => legalGroupOf(local) === 'eu');
    expect([...LOWEST_PRICE_COUNTRIES].sort()).toEqual([...eu, 'no'].sort());
    for (const local of LOWEST_PRICE_COUNTRIES) expect(countries).toContain(local);
  });

  it('leave out the UK, Switzerland and the rest of the world', () => {
    expect(showsLowestPrice('de')).toBe(true);
    expect(showsLowestPrice('be')).toBe(true);
    expect(showsLowestPrice('no')).toBe(true);
    for (const local of ['uk', 'ch', 'tr', 'us', 'id', 'be-fr']) expect(showsLowestPrice(local)).toBe(false);
  });
});
