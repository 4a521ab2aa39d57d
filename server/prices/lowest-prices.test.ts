import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { tempReleasesDir, writeRelease } from '../test-support/fake-releases';
import { defaultContentDir, readSeedContent } from '../db/seed-source';
import { writeSeed } from '../db/seed';
import { servedOffers, type ServedOffer } from '../../sites/served-offers';
import { toMinor } from '../../region-config/money';
import { applyServedRelease } from '../releases/served-prices';
import { lowestIfPublished } from './lowest-prices';

const content = () => readSeedContent(defaultContentDir, () => {});
const snapshotOffers = (code: string, local: string) => servedOffers(content().products, code, local).offers;

interface Row {
  valid_from: string;
  currency: string;
  sale_price: number;
  market_price: number | null;
  on_sale: boolean;
  source: string;
  release_id: string | null;
}

describe.each(drivers)('the lowest price of the last 30 days (%s)', (driver) => {
  let server: TestServer;
  let releasesDir: string;
  /** de's offers as the next release will show them (commodity id → offer). */
  const de = new Map<string, ServedOffer>();
  const idOffers = snapshotOffers('id', 'id');
  /** Ordinary de commodities (no gift card), one per test, priced above 100 EUR. */
  let picks: string[] = [];
  let releases = 1;

  beforeAll(async () => {
    releasesDir = tempReleasesDir();
    for (const o of snapshotOffers('de', 'de')) de.set(o.commodityId, o);
    writeRelease(releasesDir, 'r-1', { de: [...de.values()], id: idOffers });
    server = await startServer(driver, { PUBLIC_DIR: path.join(releasesDir, 'current') });
    picks = [...de.values()].filter((o) => o.salePrice > 100).map((o) => o.commodityId);
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  /** Publishes a release of de with these prices changed (id as the snapshot has it), as the release console does. */
  async function publish(changes: Record<string, { sale: number; market?: number }>): Promise<string> {
    for (const [id, c] of Object.entries(changes)) {
      const o = de.get(id)!;
      de.set(id, { ...o, salePrice: c.sale, marketPrice: c.market ?? Math.max(o.marketPrice, c.sale) });
    }
    const releaseId = `r-${++releases}`;
    writeRelease(releasesDir, releaseId, { de: [...de.values()], id: idOffers }, false);
    await applyServedRelease(server.db, { releasesDir, releaseId });
    return releaseId;
  }
  /** Time passes for one offer: its whole history moves `days` into the past. */
  const age = (commodityId: string, days: number) =>
    server.db.query(
      `UPDATE price_history SET valid_from = valid_from - make_interval(days => $2)
       WHERE local = 'de' AND commodity_id = $1`,
      [commodityId, days],
    );
  const history = (commodityId: string, local = 'de') =>
    server.db.query<Row>(
      `SELECT valid_from::text, currency, sale_price::float8 AS sale_price, market_price::float8 AS market_price,
         on_sale, source, release_id FROM price_history WHERE local = $1 AND commodity_id = $2 ORDER BY valid_from`,
      [local, commodityId],
    );
  const lowest = async (ids: string[], code = 'de') =>
    (await new Client(server.base).call(`/api/${code}/prices/lowest?commodity_ids=${ids.join(',')}`)).body;
  const minor = (eur: number) => toMinor(eur, 'EUR');

  it('the seed starts the history of every offer, and a re-seed rewrites none of it', async () => {
    const missing = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM offers o WHERE NOT EXISTS
         (SELECT 1 FROM price_history h WHERE h.local = o.local AND h.commodity_id = o.commodity_id)`,
    );
    expect(missing[0]!.n).toBe(0);
    const all = () =>
      server.db.query<{ n: number; last: string }>(
        `SELECT count(*)::int AS n, max(valid_from)::text AS last FROM price_history`,
      );
    const before = await all();
    await server.db.transaction((tx) => writeSeed(tx, content()));
    expect(await all()).toEqual(before);

    // A changed snapshot price in a country no release serves (fr) is a new row; the earlier rows stay as they were.
    const fr = snapshotOffers('fr', 'fr').find((o) => o.salePrice > 100)!;
    const frBefore = await history(fr.commodityId, 'fr');
    const changed = content();
    for (const p of changed.products)
      for (const c of p.commodities)
        if (c.commodityId === fr.commodityId && c.offers?.['fr']) c.offers['fr'].salePrice -= 10;
    await server.db.transaction((tx) => writeSeed(tx, changed));
    const frAfter = await history(fr.commodityId, 'fr');
    expect(frAfter.slice(0, frBefore.length)).toEqual(frBefore);
    expect(frAfter.at(-1)).toMatchObject({ sale_price: fr.salePrice - 10, source: 'seed', release_id: null });
    // In a country a release serves (de) the seed changes no price, so no row.
    const dePick = picks.at(-1)!;
    const deBefore = await history(dePick);
    for (const p of changed.products)
      for (const c of p.commodities) if (c.commodityId === dePick && c.offers?.['de']) c.offers['de'].salePrice -= 10;
    await server.db.transaction((tx) => writeSeed(tx, changed));
    expect(await history(dePick)).toEqual(deBefore);
    await server.db.transaction((tx) => writeSeed(tx, content()));
  });

  it('a price cut published: the lowest price of the 30 days before it, 60 days of history', async () => {
    const id = picks[0]!;
    const old = de.get(id)!;
    await age(id, 60);
    const releaseId = await publish({ [id]: { sale: old.salePrice - 100, market: old.salePrice } });
    const body = await lowest([id]);
    expect(body.errno).toBe(0);
    expect(body.data).toMatchObject({
      applies: true,
      commodities: [
        {
          commodity_id: id,
          currency: 'EUR',
          exponent: 2,
          sale_price: minor(old.salePrice - 100),
          reduced: true,
          lowest_price: minor(old.salePrice),
          basis: 'window',
        },
      ],
    });
    const since = Date.parse(body.data.commodities[0].reduced_since);
    expect(Math.abs(Date.now() - since)).toBeLessThan(60_000);
    expect((await history(id)).at(-1)).toMatchObject({
      sale_price: old.salePrice - 100,
      market_price: old.salePrice,
      source: 'release',
      release_id: releaseId,
    });
    // Every storefront of the country shows it (be-fr shares nothing with de; de is its own country).
    expect((await lowest([id], 'de')).data.commodities[0].lowest_price).toBe(minor(old.salePrice));
  });

  it('a cut after a rise: the price before the rise, not the raised one', async () => {
    const id = picks[1]!;
    const old = de.get(id)!;
    await age(id, 60);
    await publish({ [id]: { sale: old.salePrice + 200, market: old.salePrice + 200 } });
    await age(id, 5);
    await publish({ [id]: { sale: old.salePrice - 50, market: old.salePrice + 200 } });
    const offer = (await lowest([id])).data.commodities[0];
    expect(offer).toMatchObject({ reduced: true, lowest_price: minor(old.salePrice), basis: 'window' });
    // A second cut within the window: the lowest of the 30 days before it is now the first cut's price.
    await age(id, 2);
    await publish({ [id]: { sale: old.salePrice - 80, market: old.salePrice + 200 } });
    expect((await lowest([id])).data.commodities[0]).toMatchObject({ lowest_price: minor(old.salePrice - 50) });
  });

  it('no history before the reduction: the reduced price itself; a plain cut shows for 30 days only', async () => {
    const id = picks[2]!;
    const old = de.get(id)!;
    await server.db.query(`DELETE FROM price_history WHERE local = 'de' AND commodity_id = $1`, [id]);
    await publish({ [id]: { sale: old.salePrice - 30, market: old.salePrice + 100 } });
    expect((await lowest([id])).data.commodities[0]).toMatchObject({
      reduced: true,
      sale_price: minor(old.salePrice - 30),
      lowest_price: minor(old.salePrice - 30),
      basis: 'none',
    });

    // A cut with no struck-through price (sale and original both lowered): a reduction for 30 days.
    const plain = picks[3]!;
    const was = de.get(plain)!;
    await age(plain, 40);
    await publish({ [plain]: { sale: was.salePrice - 20, market: was.salePrice - 20 } });
    await age(plain, 10);
    expect((await lowest([plain])).data.commodities[0]).toMatchObject({
      reduced: true,
      lowest_price: minor(was.salePrice),
      basis: 'window',
    });
    await age(plain, 21);
    expect((await lowest([plain])).data.commodities[0]).toMatchObject({
      reduced: false,
      lowest_price: null,
      basis: null,
    });
  });

  it('the release console names the figure a price change will show if published now', async () => {
    const id = picks[5]!;
    const old = de.get(id)!;
    await age(id, 45);
    const cut = { commodityId: id, after: { salePrice: old.salePrice - 25, marketPrice: old.salePrice } };
    const rise = { commodityId: picks[6]!, after: { salePrice: de.get(picks[6]!)!.salePrice + 25, marketPrice: 0 } };
    expect(await lowestIfPublished(server.db, 'de', [cut, rise])).toEqual(new Map([[id, old.salePrice]]));
    // Nothing is published by asking; outside the EU and EEA nothing is worked out.
    expect((await lowest([id])).data.commodities[0].sale_price).toBe(minor(old.salePrice));
    expect(await lowestIfPublished(server.db, 'uk', [cut])).toEqual(new Map());
  });

  it('only EU and EEA storefronts: elsewhere nothing is worked out', async () => {
    const id = picks[0]!;
    for (const code of ['id', 'uk', 'ch-de', 'tr', 'us'])
      expect((await lowest([id], code)).data, code).toEqual({ applies: false, commodities: [] });
    for (const code of ['be-fr', 'be-nl', 'no', 'fr', 'pl']) expect((await lowest([id], code)).data.applies).toBe(true);
  });

  it('refuses too many or malformed ids with an errno; unknown ids and repeats are harmless', async () => {
    const client = new Client(server.base);
    const many = Array.from({ length: 61 }, (_, i) => String(9_000_000 + i));
    const tooMany = await client.call(`/api/de/prices/lowest?commodity_ids=${many.join(',')}`);
    expect([tooMany.status, tooMany.body.errno, tooMany.body.data]).toEqual([400, 48300, null]);
    // 60 distinct ids, each asked twice: allowed, and each answered once.
    const sixty = [...picks.slice(0, 4), ...many.slice(0, 56)];
    const repeated = await client.call(`/api/de/prices/lowest?commodity_ids=${[...sixty, ...sixty].join(',')}`);
    expect(repeated.body.errno).toBe(0);
    expect(repeated.body.data.commodities.map((c: { commodity_id: string }) => c.commodity_id)).toEqual(
      [...picks.slice(0, 4)].sort(),
    );
    for (const bad of ['', 'abc', '1,,2', ',1', '1%3BDROP%20TABLE%20offers', '1'.repeat(21), `${'1,'.repeat(1_000)}1`])
      expect((await client.call(`/api/de/prices/lowest?commodity_ids=${bad}`)).body.errno, bad).toBe(40001);
    expect((await client.call('/api/de/prices/lowest')).body.errno).toBe(40001);
    // A gift card is sold at face value: never reduced.
    const card = await server.db.query<{ commodity_id: string }>(
      `SELECT o.commodity_id FROM offers o JOIN commodities c ON c.commodity_id = o.commodity_id
       WHERE o.local = 'de' AND c.product_id = 'gift-card' LIMIT 1`,
    );
    if (card[0]) expect((await lowest([card[0].commodity_id])).data.commodities[0]).toMatchObject({ reduced: false });
  });

  it('parallel publishes record each change once; readers meanwhile see the old or the new figure', async () => {
    const id = picks[4]!;
    const old = de.get(id)!;
    await age(id, 60);
    // The same release applied 6 times at once: one change, one row.
    for (const [key, value] of Object.entries({ [id]: { sale: old.salePrice - 40, market: old.salePrice } })) {
      const o = de.get(key)!;
      de.set(key, { ...o, salePrice: value.sale, marketPrice: value.market });
    }
    const releaseId = `r-${++releases}`;
    writeRelease(releasesDir, releaseId, { de: [...de.values()], id: idOffers }, false);
    const readers = Array.from({ length: 12 }, () => lowest([id]));
    await Promise.all(Array.from({ length: 6 }, () => applyServedRelease(server.db, { releasesDir, releaseId })));
    for (const body of await Promise.all(readers)) {
      const offer = body.data.commodities[0];
      if (offer.sale_price === minor(old.salePrice)) expect(offer.reduced).toBe(old.marketPrice > old.salePrice);
      else expect(offer).toMatchObject({ sale_price: minor(old.salePrice - 40), lowest_price: minor(old.salePrice) });
    }
    const rows = (await history(id)).filter((r) => r.release_id === releaseId);
    expect(rows).toHaveLength(1);

    // Two different releases at once: both apply (one after the other), the history ends with the price sold now.
    const a = `r-${++releases}`;
    const b = `r-${++releases}`;
    de.set(id, { ...de.get(id)!, salePrice: old.salePrice - 60 });
    writeRelease(releasesDir, a, { de: [...de.values()], id: idOffers }, false);
    de.set(id, { ...de.get(id)!, salePrice: old.salePrice - 70 });
    writeRelease(releasesDir, b, { de: [...de.values()], id: idOffers }, false);
    await Promise.all([
      applyServedRelease(server.db, { releasesDir, releaseId: a }),
      applyServedRelease(server.db, { releasesDir, releaseId: b }),
    ]);
    const now = await server.db.query<{ sale_price: number }>(
      `SELECT sale_price::float8 AS sale_price FROM offers WHERE local = 'de' AND commodity_id = $1`,
      [id],
    );
    expect((await history(id)).at(-1)!.sale_price).toBe(now[0]!.sale_price);
  });
});
