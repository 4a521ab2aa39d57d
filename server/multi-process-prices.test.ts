import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './test-support/harness';
import { spawnServerPair, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { serveRelease, tempReleasesDir, writeRelease } from './test-support/fake-releases';
import { defaultContentDir, readSeedContent } from './db/seed-source';
import { servedOffers, type ServedOffer } from '../sites/served-offers';
import { applyServedRelease } from './releases/served-prices';
import type { Database } from './db/types';

const url = process.env['TEST_DATABASE_URL'];

/**
 * Two `npm run serve` processes on one Postgres quote the prices of the served release: a publish applied from
 * anywhere (here the test's own connection) reaches both within a second, their in-memory search answers included,
 * through NOTIFY storefront_release.
 */
describe.skipIf(!url)('served prices on several API processes, one Postgres', () => {
  const store = processStore('pg', 'mpp');
  const releasesDir = tempReleasesDir();
  const products = readSeedContent(defaultContentDir, () => {}).products;
  const base = servedOffers(products, 'de', 'de').offers;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  let product: { id: string; name: string };

  beforeAll(async () => {
    writeRelease(releasesDir, 'r-1', { de: base });
    await store.create();
    const env = store.env({ PUBLIC_DIR: path.join(releasesDir, 'current') });
    [a, b] = await spawnServerPair(env);
    db = await store.open();
    const phone = products.find((p) => p.category === 'phones' && p.commodities.some((c) => c.offers?.['de']))!;
    product = { id: phone.id, name: phone.name };
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await store.remove();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  /** The lead offer the header search suggests for the product (kept in each process's memory) and the quote. */
  async function prices(server: ServerProcess): Promise<{ suggested: number | undefined; quoted: number[] }> {
    const client = new Client(server.base);
    const list = (await client.call(`/api/de/v2/search/suggestList?keyword=${encodeURIComponent(product.name)}`)).body
      .data.list as { price: number; link: string }[];
    const quote = (await client.call(`/api/de/prices?product_id=${product.id}`)).body.data as {
      offers: { sale_price: number }[];
    };
    return {
      suggested: list.find((i) => i.link.includes(`/${product.id}`))?.price,
      quoted: quote.offers.map((o) => o.sale_price),
    };
  }
  const expected = (offers: ServedOffer[]) => offers.filter((o) => o.productId === product.id).map((o) => o.salePrice);

  it('both processes applied the served release at start and quote its prices', async () => {
    const rows = await db.query<{ release_id: string }>(
      `SELECT release_id FROM storefront_releases WHERE local = 'de'`,
    );
    expect(rows).toEqual([{ release_id: 'r-1' }]);
    for (const server of [a, b]) expect((await prices(server)).quoted).toEqual(expected(base));
  });

  it('a release applied from another connection is quoted by both processes within a second (search too)', async () => {
    // Both processes hold the old prices in memory first.
    const before = await Promise.all([prices(a), prices(b)]);
    expect(before[0]!.suggested).toBeDefined();
    const raised = base.map((o) =>
      o.productId === product.id
        ? { ...o, salePrice: o.salePrice + 17, marketPrice: Math.max(o.marketPrice, o.salePrice + 17) }
        : o,
    );
    writeRelease(releasesDir, 'r-2', { de: raised }, false);
    serveRelease(releasesDir, 'r-2');
    const start = performance.now();
    expect(await applyServedRelease(db, { releasesDir })).toEqual({ changed: ['de'] });
    const committed = performance.now();
    const want = expected(raised);
    const times = await Promise.all(
      [a, b].map(async (server) => {
        for (;;) {
          const now = await prices(server);
          if (now.suggested === before[0]!.suggested! + 17 && JSON.stringify(now.quoted) === JSON.stringify(want))
            return performance.now() - committed;
          if (performance.now() - committed > 5_000) return Infinity;
          await new Promise((r) => setTimeout(r, 10));
        }
      }),
    );
    console.log(
      `publish → quote on two processes: apply ${(committed - start).toFixed(0)} ms, then process A ` +
        `${times[0]!.toFixed(0)} ms, process B ${times[1]!.toFixed(0)} ms after the commit`,
    );
    for (const ms of times) expect(ms).toBeLessThan(1_000);
  });
});
