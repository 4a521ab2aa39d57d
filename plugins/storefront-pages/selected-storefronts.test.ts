import { describe, expect, it } from 'vitest';
import { storefronts } from '../../region-config';
import { selectedStorefronts } from './selected-storefronts';

describe('selectedStorefronts (REGIONS)', () => {
  it('builds every storefront when REGIONS is empty', () => {
    expect(selectedStorefronts('')).toHaveLength(storefronts.length);
    expect(selectedStorefronts(undefined)).toHaveLength(storefronts.length);
  });

  it('selects storefronts by urlLocal, and every language of a country by its code', () => {
    expect(
      selectedStorefronts('id, de')
        .map((s) => s.urlLocal)
        .sort(),
    ).toEqual(['de', 'id']);
    expect(selectedStorefronts('be').map((s) => s.urlLocal)).toEqual(['be-fr', 'be-nl']);
    expect(selectedStorefronts('AE-AR').map((s) => s.urlLocal)).toEqual(['ae-ar']);
  });

  it('stops on an unknown code and lists the valid ones', () => {
    expect(() => selectedStorefronts('id,zz')).toThrow(/unknown storefront\(s\): zz\. Valid codes: .*\bid\b/);
  });
});
