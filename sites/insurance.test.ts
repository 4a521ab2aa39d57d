import { describe, expect, it } from 'vitest';
import { RegionConfigError } from '../region-config/validate';
import insuranceJson from './insurance.json';
import {
  insuranceBandsAreOrdered,
  insuranceCategoriesAreKnown,
  insuranceCountriesAreKnown,
  insuranceOf,
  planFor,
  type InsuranceFile,
} from './insurance';
import { validateInsurancePlans } from './validate';

const plans = () => structuredClone(insuranceJson) as InsuranceFile;

function errorOf(fn: () => unknown): RegionConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RegionConfigError) return e;
    throw e;
  }
  throw new Error('expected a RegionConfigError');
}

describe('insurance plans', () => {
  it('covers phones, refurbished phones and tablets for 24 months with 2 claims a year', () => {
    expect(validateInsurancePlans().default).toMatchObject({
      coverMonths: 24,
      claimsPerYear: 2,
      withdrawalDays: 14,
      categories: ['phones', 'refurbished', 'tablets'],
    });
    expect(insuranceOf('de')).toMatchObject({ currency: 'EUR', coverMonths: 24, claimsPerYear: 2 });
    expect(insuranceOf('in')?.withdrawalDays).toBe(15);
    expect(insuranceOf('us')).toBeNull();
  });

  it('prices a unit by the band its price falls in, the bound included', () => {
    const de = insuranceOf('de');
    expect(planFor(de, 'phones', 16999)?.price).toBe(2900);
    expect(planFor(de, 'phones', 30000)?.price).toBe(2900);
    expect(planFor(de, 'phones', 30001)?.price).toBe(5900);
    expect(planFor(de, 'tablets', 149999)?.price).toBe(9900);
    expect(planFor(insuranceOf('id'), 'phones', 22779000)).toMatchObject({ price: 999000, currency: 'IDR' });
    expect(planFor(de, 'wearables', 19999)).toBeNull();
    expect(planFor(de, 'phones', 0)).toBeNull();
    expect(planFor(null, 'phones', 16999)).toBeNull();
  });

  it("takes a country's changes over the default", () => {
    const data = plans();
    data.countries['de'] = { ...data.countries['de']!, categories: ['phones'], withdrawalDays: 30 };
    expect(insuranceOf('de', data)).toMatchObject({ categories: ['phones'], withdrawalDays: 30, coverMonths: 24 });
    expect(planFor(insuranceOf('de', data), 'tablets', 20000)).toBeNull();
    expect(validateInsurancePlans(data).countries['de']?.withdrawalDays).toBe(30);
  });

  it('refuses unknown countries, a wrong currency, bands out of order, unknown categories, a short withdrawal', () => {
    const unknown = plans();
    unknown.countries['xx'] = { currency: 'EUR', bands: [{ price: 100 }] };
    expect(insuranceCountriesAreKnown(unknown, new Map([['de', 'EUR']]))).toContainEqual({
      message: 'insurance plans for unknown country "xx"',
      path: '/countries/xx',
    });
    expect(errorOf(() => validateInsurancePlans(unknown)).pointer).toBe('/countries/xx');

    const currency = plans();
    currency.countries['de']!.currency = 'USD';
    expect(errorOf(() => validateInsurancePlans(currency)).pointer).toBe('/countries/de/currency');

    const open = plans();
    open.countries['fr']!.bands = [{ price: 100 }, { upTo: 500, price: 200 }];
    expect(insuranceBandsAreOrdered(open).map((i) => i.path)).toEqual([
      '/countries/fr/bands/0',
      '/countries/fr/bands/1',
    ]);
    const falling = plans();
    falling.countries['it']!.bands = [{ upTo: 500, price: 300 }, { upTo: 400, price: 400 }, { price: 200 }];
    expect(insuranceBandsAreOrdered(falling).map((i) => i.path)).toEqual([
      '/countries/it/bands/1/upTo',
      '/countries/it/bands/2/price',
    ]);

    const category = plans();
    category.default.categories = ['phones', 'fones'];
    expect(insuranceCategoriesAreKnown(category, new Set(['phones']))).toEqual([
      { message: 'unknown category "fones"', path: '/default/categories/1' },
    ]);
    expect(errorOf(() => validateInsurancePlans(category)).pointer).toBe('/default/categories/1');

    const short = plans();
    short.default.withdrawalDays = 7;
    expect(errorOf(() => validateInsurancePlans(short)).message).toMatch(
      /^sites\/insurance\.json \/default\/withdrawalDays/,
    );
  });
});
