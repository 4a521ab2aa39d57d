import path from 'node:path';
import { expect, test } from '@playwright/test';
import { crawlPrices, httpQuotes, storefrontsOf } from '../../../server/releases/price-crawl';

/**
 * The prices a shopper reads are the prices the cart charges: every product page of the served release (its
 * schema.org Offers, one per version) against the API's quote for that product, in every storefront the test
 * build made. The API took its prices from the release at start; a mismatch is a page selling at one price while
 * checkout charges another.
 */
test('every built product page shows the price the API quotes and charges', async ({ baseURL }) => {
  test.setTimeout(180_000);
  const site = path.resolve(process.env.PUBLIC_DIR ?? 'releases/current');
  const codes = storefrontsOf(site);
  expect(codes.length).toBeGreaterThan(0);
  const crawl = await crawlPrices(site, httpQuotes(baseURL!), codes);
  console.log(
    `price crawl: ${crawl.pages} product pages in ${codes.length} storefronts, ${crawl.offers} offers, ` +
      `${crawl.mismatches.length} mismatches`,
  );
  expect(crawl.pages).toBeGreaterThan(100);
  expect(crawl.mismatches.slice(0, 10)).toEqual([]);
});
