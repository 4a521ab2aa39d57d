import { describe, expect, it } from 'vitest';
import { RegionConfigError } from '../region-config/validate';
import priceDisplaysJson from './price-displays.json';
import { regionSettings } from '../region-config';
import { FULL_SEARCH_LOCALS, PRODUCT_ONLY_SEARCH_LOCALS } from './local-constants';
import { listsNameKnownLocals } from './rules';
import { localLists, validatePriceDisplays, validateSiteConfigs } from './validate';

const displays = () => structuredClone(priceDisplaysJson) as Record<string, Record<string, unknown>>;

function errorOf(fn: () => unknown): RegionConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RegionConfigError) return e;
    throw e;
  }
  throw new Error('expected a RegionConfigError');
}

describe('validateSiteConfigs', () => {
  it('validates every storefront config against site.schema', () => {
    const configs = validateSiteConfigs();
    expect(configs).toHaveLength(63);
    expect(new Set(configs.map((c) => c.urlLocal)).size).toBe(63);
  });
});

describe('validatePriceDisplays', () => {
  it('accepts price-displays.json', () => {
    expect(Object.keys(validatePriceDisplays())).toHaveLength(56);
  });

  it('reports schema problems with file and pointer', () => {
    const data = displays();
    data.de!.decimals = 5;
    const err = errorOf(() => validatePriceDisplays(data));
    expect(err.message).toMatch(/^sites\/price-displays\.json \/de\/decimals: must be <= 3/);
  });

  it('requires a display per country in its currency', () => {
    const missing = displays();
    delete missing.jp;
    expect(errorOf(() => validatePriceDisplays(missing)).pointer).toBe('/jp');

    const currency = displays();
    currency.bg!.currency = 'BGN';
    const err = errorOf(() => validatePriceDisplays(currency));
    expect([err.pointer, err.reason]).toEqual(['/bg/currency', 'bg: display currency BGN differs from EUR']);

    const unknown = displays();
    unknown.zz = { ...unknown.us };
    expect(errorOf(() => validatePriceDisplays(unknown)).reason).toBe('price display for unknown country "zz"');
  });

  it('requires the currency text on the side named by position and distinct separators', () => {
    const side = displays();
    side.uk!.position = 'suffix';
    expect(errorOf(() => validatePriceDisplays(side)).pointer).toBe('/uk/suffix');

    const seps = displays();
    seps.uk!.thousandsSeparator = '.';
    expect(errorOf(() => validatePriceDisplays(seps)).reason).toBe('uk: thousands and decimal separators are equal');
  });
});

describe('listsNameKnownLocals', () => {
  it('passes for the per-country lists and names a typo', () => {
    expect(listsNameKnownLocals(regionSettings, localLists)).toEqual([]);
    expect(listsNameKnownLocals(regionSettings, { POCO: ['de', 'gb'] })).toEqual([
      { message: 'POCO names unknown country "gb"', path: 'POCO/1' },
    ]);
  });

  it('search lists split every country into full or product-only', () => {
    expect([...FULL_SEARCH_LOCALS, ...PRODUCT_ONLY_SEARCH_LOCALS].sort()).toEqual(
      regionSettings.map((r) => r.local).sort(),
    );
  });
});
