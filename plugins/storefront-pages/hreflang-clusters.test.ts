import { describe, expect, it } from 'vitest';
import { DEFAULT_STOREFRONT, hreflangClusters, LOCATION_CHOOSER } from './hreflang-clusters';
import { absoluteUrl } from './site-url';

const inventory = new Map<string, ReadonlySet<string>>([
  ['de', new Set(['/', '/product/x/', '/only-de/'])],
  ['at', new Set(['/', '/product/x/'])],
  ['be-fr', new Set(['/', '/product/x/'])],
  ['be-nl', new Set(['/'])],
  ['ae-ar', new Set(['/'])],
  [DEFAULT_STOREFRONT, new Set(['/'])],
]);
const { clusterOf } = hreflangClusters(inventory);

describe('hreflangClusters', () => {
  it('holds the same page of every storefront that has it indexable, under each language-region code', () => {
    const cluster = clusterOf('at', '/product/x/');
    expect(cluster.filter((l) => l.hreflang !== 'x-default')).toEqual([
      { hreflang: 'de-DE', href: absoluteUrl('/de/product/x/') },
      { hreflang: 'fr-BE', href: absoluteUrl('/be-fr/product/x/') },
      { hreflang: 'de-AT', href: absoluteUrl('/at/product/x/') },
    ]);
  });

  it('is the same list on every member, so it is reciprocal, with one x-default', () => {
    for (const path of ['/', '/product/x/']) {
      const members = [...inventory].filter(([, paths]) => paths.has(path)).map(([code]) => code);
      const clusters = members.map((code) => JSON.stringify(clusterOf(code, path)));
      expect(new Set(clusters).size, path).toBe(1);
      expect(
        clusterOf(members[0] ?? '', path).filter((l) => l.hreflang === 'x-default'),
        path,
      ).toHaveLength(1);
    }
    expect(clusterOf('ae-ar', '/').map((l) => l.hreflang)).toEqual([
      'de-DE',
      'en-US',
      'ar-AE',
      'fr-BE',
      'nl-BE',
      'de-AT',
      'x-default',
    ]);
  });

  it("points x-default at the default storefront's page, or at the location chooser when it has none", () => {
    expect(clusterOf('de', '/').find((l) => l.hreflang === 'x-default')?.href).toBe(
      absoluteUrl(`/${DEFAULT_STOREFRONT}/`),
    );
    expect(clusterOf('de', '/product/x/').find((l) => l.hreflang === 'x-default')?.href).toBe(
      absoluteUrl(LOCATION_CHOOSER),
    );
  });

  it('names no alternates for a page of one storefront, or a page the storefront does not have', () => {
    expect(clusterOf('de', '/only-de/')).toEqual([]);
    expect(clusterOf('be-nl', '/product/x/')).toEqual([]);
  });
});
