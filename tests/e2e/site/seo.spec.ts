/**
 * International SEO as a crawler meets it on the served site: hreflang clusters across storefronts in the sitemaps, one
 * x-default, aliases without hreflang, products a country does not sell, descriptions and robots.txt.
 * (tests/seo/crawl-built.ts checks every built page the same way before these run.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Product } from '../../../content/schemas/products.schema';
import { readHead, readSitemap, type SitemapUrl } from '../../../plugins/storefront-pages/seo-audit/read-head';

const products = (
  JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: Product[];
  }
).products;
const sells = (product: Product, local: string) => product.commodities.some((c) => c.offers?.[local] !== undefined);
/** Sold in Indonesia and Germany, not in the UAE nor the US (so its x-default is the location chooser). */
const notInUae = products.find((p) => sells(p, 'id') && sells(p, 'de') && !sells(p, 'ae') && !sells(p, 'us'));

async function sitemapEntry(
  request: APIRequestContext,
  code: string,
  pagePath: string,
): Promise<SitemapUrl | undefined> {
  const xml = await (await request.get(`/${code}/sitemap.xml`)).text();
  return readSitemap(xml).find((entry) => new URL(entry.loc).pathname === pagePath);
}

const pathsOf = (entry: SitemapUrl | undefined) =>
  (entry?.alternates ?? []).map((l) => [l.hreflang, new URL(l.href).pathname]);

test.describe('international SEO', () => {
  test('a home page cluster spans every storefront, built or not, with one x-default, the same in each member', async ({
    request,
  }) => {
    const id = await sitemapEntry(request, 'id', '/id/');
    const members = pathsOf(id);
    expect(members).toContainEqual(['de-DE', '/de/']);
    expect(members).toContainEqual(['de-AT', '/at/']);
    expect(members).toContainEqual(['de-CH', '/ch-de/']);
    expect(members).toContainEqual(['en-GB', '/uk/']);
    expect(members).toContainEqual(['en-IE', '/ie/']);
    expect(members).toContainEqual(['ar-AE', '/ae-ar/']);
    expect(members).toContainEqual(['fr-BE', '/be-fr/']);
    expect(members).toContainEqual(['id-ID', '/id/']);
    expect(members.filter(([code]) => code === 'x-default')).toEqual([['x-default', '/us/']]);
    expect(members.length).toBeGreaterThan(60);
    for (const code of ['de', 'ae-ar', 'kr']) {
      const other = await sitemapEntry(request, code, `/${code}/`);
      expect(pathsOf(other).sort(), code).toEqual([...members].sort());
    }
  });

  test('a product the UAE does not sell: plain message, noindex, no Offer, no aliases, out of every cluster', async ({
    page,
    request,
  }) => {
    expect(notInUae, 'a product sold in id and de but not in ae and us').toBeDefined();
    const product = notInUae!;
    const response = await page.goto(`/ae-ar/product/${product.id}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('main h1')).toContainText(product.name);
    await expect(page.locator('main [role="status"]')).toHaveText('هذا المنتج غير متوفر في بلدك.');
    await expect(page.locator('store-widget[name="add-to-cart"]')).toHaveCount(0);
    const head = readHead(page.url(), await page.content());
    expect(head.noindex).toBe(true);
    expect(head.canonical).toBeUndefined();
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((text) => text.includes('"Offer"') || text.includes('"Product"'))).toBe(false);

    const commodity = product.commodities[0]!.commodityId;
    expect((await request.get(`/ae-ar/item/${commodity}/`)).status()).toBe(404);
    expect((await request.get(`/ae-ar/product/${product.id}/buy/`)).status()).toBe(404);
    expect(await sitemapEntry(request, 'ae-ar', `/ae-ar/product/${product.id}/`)).toBeUndefined();

    const cluster = pathsOf(await sitemapEntry(request, 'id', `/id/product/${product.id}/`));
    expect(cluster).toContainEqual(['de-DE', `/de/product/${product.id}/`]);
    expect(cluster.some(([, href]) => href?.startsWith('/ae-'))).toBe(false);
    expect(cluster.filter(([code]) => code === 'x-default')).toEqual([['x-default', '/us/select-location/']]);
  });

  test('an alias names an indexable canonical page and carries no hreflang', async ({ page, request }) => {
    const product = products.find((p) => sells(p, 'id'))!;
    const commodity = product.commodities.find((c) => c.offers?.id !== undefined)!.commodityId;
    await page.goto(`/id/item/${commodity}/`);
    const alias = readHead(page.url(), await page.content());
    expect(alias.hreflang).toEqual([]);
    expect(alias.noindex).toBe(false);
    expect(new URL(alias.canonical ?? '').pathname).toBe(`/id/product/${product.id}/`);
    const target = await request.get(`/id/product/${product.id}/`);
    const targetHead = readHead(`/id/product/${product.id}/`, await target.text());
    expect(targetHead.noindex).toBe(false);
    expect(await sitemapEntry(request, 'id', `/id/item/${commodity}/`)).toBeUndefined();
  });

  test('a short description is completed in the storefront language', async ({ request }) => {
    // Read as a crawler does (the chat island may send a visitor on to sign in).
    for (const [url, words] of [
      ['/id/chat/', 'toko resmi'],
      ['/de/chat/', 'offizieller Shop'],
      ['/ae-ar/chat/', 'المتجر الرسمي'],
    ] as const) {
      const description = readHead(url, await (await request.get(url)).text()).description ?? '';
      expect([...description].length, url).toBeGreaterThanOrEqual(50);
      expect([...description].length, url).toBeLessThanOrEqual(160);
      expect(description, url).toContain(words);
    }
  });

  test('robots.txt is short, uses path patterns and names the sitemap index', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    const lines = robots.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeLessThan(20);
    expect(robots).toContain('Disallow: /*/cart/');
    expect(robots).not.toMatch(/Disallow: \/id\//);
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });
});
