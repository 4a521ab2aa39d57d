import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapIndex, storefrontSitemap } from './sitemaps';

describe('sitemaps', () => {
  it('lists pages with hreflang alternates and escapes URLs', () => {
    const xml = storefrontSitemap([{ path: '/be-fr/a&b/', alternates: [{ hreflang: 'nl-BE', href: 'http://x/be-nl/a&b/' }] }], '2026-11-22');
    expect(xml).toContain('/be-fr/a&amp;b/</loc>');
    expect(xml).toContain('hreflang="nl-BE" href="http://x/be-nl/a&amp;b/"');
  });

  it('indexes storefront sitemaps and points robots.txt at the index', () => {
    expect(sitemapIndex(['id', 'de'], '2026-11-22')).toMatch(/<loc>[^<]*\/id\/sitemap\.xml<\/loc>[\s\S]*\/de\/sitemap\.xml/);
    const robots = robotsTxt();
    expect(robots).toContain('Disallow: /*/cart/');
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});
