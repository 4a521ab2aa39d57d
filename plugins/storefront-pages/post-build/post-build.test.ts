import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeEmptyFolders } from './empty-folders';
import { robotsTxt, sitemapIndex, storefrontSitemap } from './sitemaps';

describe('sitemaps', () => {
  it('lists pages with hreflang alternates and escapes URLs', () => {
    const xml = storefrontSitemap(
      [{ path: '/be-fr/a&b/', alternates: [{ hreflang: 'nl-BE', href: 'http://x/be-nl/a&b/' }] }],
      '2026-11-22',
    );
    expect(xml).toContain('/be-fr/a&amp;b/</loc>');
    expect(xml).toContain('hreflang="nl-BE" href="http://x/be-nl/a&amp;b/"');
  });

  it('indexes storefront sitemaps and points robots.txt at the index', () => {
    expect(sitemapIndex(['id', 'de'], '2026-11-22')).toMatch(
      /<loc>[^<]*\/id\/sitemap\.xml<\/loc>[\s\S]*\/de\/sitemap\.xml/,
    );
    const robots = robotsTxt();
    expect(robots).toContain('Disallow: /*/cart/');
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});

describe('removeEmptyFolders', () => {
  it('removes folders left empty, nested ones too, and keeps every folder holding a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-empty-'));
    try {
      fs.mkdirSync(path.join(dir, 'fr/product/a/specs'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'fr/support'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'de/product/b'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'fr/sitemap.xml'), '');
      fs.writeFileSync(path.join(dir, 'de/product/b/index.html'), '');
      expect(removeEmptyFolders(dir)).toBe(4);
      expect(fs.readdirSync(dir, { recursive: true }).map(String).sort()).toEqual([
        'de',
        'de/product',
        'de/product/b',
        'de/product/b/index.html',
        'fr',
        'fr/sitemap.xml',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
