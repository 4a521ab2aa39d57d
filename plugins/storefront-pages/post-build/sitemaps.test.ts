import { describe, expect, it } from 'vitest';
import { readSitemap } from '../seo-audit/read-head';
import { absoluteUrl } from '../site-url';
import { privateAreas, robotsTxt, SITEMAP_MAX_URLS, storefrontSitemap } from './sitemaps';

describe('storefront sitemap', () => {
  it('writes each page with its whole cluster, and a crawler reads back the same links', () => {
    const cluster = [
      { hreflang: 'de-DE', href: absoluteUrl('/de/product/x/') },
      { hreflang: 'de-AT', href: absoluteUrl('/at/product/x/') },
      { hreflang: 'x-default', href: absoluteUrl('/us/select-location/') },
    ];
    const xml = storefrontSitemap(
      [
        { path: '/at/product/x/', alternates: cluster },
        { path: '/at/store/1/', alternates: [] },
      ],
      '2026-11-23',
    );
    expect(readSitemap(xml)).toEqual([
      { loc: absoluteUrl('/at/product/x/'), alternates: cluster },
      { loc: absoluteUrl('/at/store/1/'), alternates: [] },
    ]);
  });

  it('refuses to write more URLs than the protocol allows in one file', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ path: `/at/p${i}/`, alternates: [] }));
    expect(() => storefrontSitemap(entries, '2026-11-23')).toThrow(/limit is 50000/);
  });
});

describe('robots.txt', () => {
  it('has one pattern per private area whatever the number of storefronts, and names the sitemap index', () => {
    const lines = robotsTxt().split('\n').filter(Boolean);
    expect(lines).toEqual([
      'User-agent: *',
      'Disallow: /api/',
      ...privateAreas.map((area) => `Disallow: /*/${area}/`),
      `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    ]);
  });
});
