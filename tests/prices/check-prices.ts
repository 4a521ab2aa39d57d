/**
 * `npm run prices:check`: the price crawl (server/releases/price-crawl.ts) of the served release against a running
 * API. Every built product page's JSON-LD offers are compared with the API's quote; prints the mismatches and
 * their count (the goal is 0) and exits 1 when there is any.
 *
 *   npm run prices:check                         # releases/current (or PUBLIC_DIR) against http://127.0.0.1:8000
 *   API_URL=http://127.0.0.1:9000 npm run prices:check -- de,fr
 */
import path from 'node:path';
import { crawlPrices, httpQuotes, storefrontsOf } from '../../server/releases/price-crawl';

const siteDir = path.resolve(process.env['PUBLIC_DIR'] ?? 'releases/current');
const api = (process.env['API_URL'] ?? `http://127.0.0.1:${process.env['PORT'] ?? 8000}`).replace(/\/$/, '');
const codes = process.argv[2]
  ? process.argv[2]
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
  : storefrontsOf(siteDir);

async function main(): Promise<void> {
  const started = Date.now();
  const crawl = await crawlPrices(siteDir, httpQuotes(api), codes);
  for (const m of crawl.mismatches.slice(0, 50)) {
    const quoted = m.api ? `${m.api.price} ${m.api.currency}` : 'not offered';
    console.log(
      `/${m.code}/product/${m.productId}/ commodity ${m.commodityId}: page ${m.page.price} ` +
        `${m.page.currency}, API ${quoted}`,
    );
  }
  if (crawl.mismatches.length > 50) console.log(`… and ${crawl.mismatches.length - 50} more`);
  console.log(
    `Price check of ${siteDir} against ${api}: ${crawl.pages} product pages in ${codes.length} ` +
      `storefronts, ${crawl.offers} offers, ` +
      `${crawl.mismatches.length} mismatches (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (crawl.mismatches.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
