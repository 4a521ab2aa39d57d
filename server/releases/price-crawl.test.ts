import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { serveRelease, tempReleasesDir, writeRelease } from '../test-support/fake-releases';
import { defaultContentDir, readSeedContent } from '../db/seed-source';
import { servedOffers, type ServedOffer } from '../../sites/served-offers';
import { applyServedRelease } from './served-prices';
import { crawlPrices, httpQuotes, pageOffers } from './price-crawl';

const products = readSeedContent(defaultContentDir, () => {}).products;
const base = servedOffers(products, 'de', 'de').offers;
const shown = [...new Set(base.map((o) => o.productId))].slice(0, 4);

/** Product pages of a storefront version as the build writes their JSON-LD (plugins/storefront-pages/seo.ts). */
function writePages(releasesDir: string, version: string, offers: ServedOffer[]): void {
  for (const productId of shown) {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: productId,
      offers: offers
        .filter((o) => o.productId === productId)
        .map((o) => ({ '@type': 'Offer', sku: o.commodityId, price: o.salePrice, priceCurrency: o.currency })),
    };
    const dir = path.join(releasesDir, '.storefronts', version, 'product', productId);
    fs.mkdirSync(dir, { recursive: true });
    const organisation = '{"@context":"https://schema.org","@type":"Organization","name":"Mi Store"}';
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<html><head><script type="application/ld+json">${organisation}</script><script ` +
        `type="application/ld+json">${JSON.stringify(jsonLd)}</script></head></html>`,
    );
  }
}

describe('reading a page’s offers', () => {
  it('takes the Product’s offers and skips other JSON-LD and broken blocks', () => {
    const html =
      '<script type="application/ld+json">{broken</script><script ' +
      'type="application/ld+json">{"@type":"Product","offers":[{"sku":"1","price":9.5,"priceCurrency":' +
      '"EUR"}]}</script>';
    expect(pageOffers(html)).toEqual([{ sku: '1', price: 9.5, priceCurrency: 'EUR' }]);
    expect(pageOffers('<p>no product</p>')).toEqual([]);
  });
});

describe.each(drivers)('the price crawl of a served release (%s)', (driver) => {
  let server: TestServer;
  let releasesDir: string;
  beforeAll(async () => {
    releasesDir = tempReleasesDir();
    writeRelease(releasesDir, 'r-1', { de: base });
    writePages(releasesDir, 'de.r-1', base);
    server = await startServer(driver, { PUBLIC_DIR: path.join(releasesDir, 'current') });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  it('finds no mismatch while the API quotes the served release, nor in pages served before their prices', async () => {
    const site = path.join(releasesDir, 'current');
    const first = await crawlPrices(site, httpQuotes(server.base));
    expect(first).toMatchObject({ pages: shown.length, mismatches: [] });
    expect(first.offers).toBe(base.filter((o) => shown.includes(o.productId)).length);

    const raised = base.map((o) =>
      o.productId === shown[0]
        ? { ...o, salePrice: o.salePrice + 5, marketPrice: Math.max(o.marketPrice, o.salePrice + 5) }
        : o,
    );
    writeRelease(releasesDir, 'r-2', { de: raised }, false);
    writePages(releasesDir, 'de.r-2', raised);
    serveRelease(releasesDir, 'r-2');
    // Served but not applied yet: the pages of the first product show prices the API does not quote.
    const stale = await crawlPrices(site, httpQuotes(server.base));
    expect(stale.mismatches.map((m) => m.productId)).toEqual(
      raised.filter((o) => o.productId === shown[0]).map(() => shown[0]),
    );
    await applyServedRelease(server.db, { releasesDir });
    expect((await crawlPrices(site, httpQuotes(server.base))).mismatches).toEqual([]);
    // Someone writes a price straight into the database: the served release's price stays (the seed rule's trigger).
    await server.db.query(`UPDATE offers SET sale_price = sale_price + 1 WHERE local = 'de'`);
    expect((await crawlPrices(site, httpQuotes(server.base))).mismatches).toEqual([]);
  });
});

/** A real build, when one is served here (or PRICES_CHECK_SITE names one): its pages against a fresh API on it. */
const built = path.resolve(process.env['PRICES_CHECK_SITE'] ?? 'releases/current');
describe.skipIf(!fs.existsSync(built))('the price crawl of the built release', () => {
  it('finds no product page whose price the API would not charge', async () => {
    const server = await startServer('pglite', { PUBLIC_DIR: built });
    try {
      const crawl = await crawlPrices(built, httpQuotes(server.base));
      console.log(
        `price crawl of ${built}: ${crawl.pages} product pages, ${crawl.offers} offers, ` +
          `${crawl.mismatches.length} mismatches`,
      );
      expect(crawl.pages).toBeGreaterThan(0);
      expect(crawl.mismatches.slice(0, 10)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 300_000);
});
