import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { quickShopper, saveAddress, addToCart, unpaidOrder } from '../test-support/shoppers';
import { serveRelease, tempReleasesDir, writeRelease } from '../test-support/fake-releases';
import { readSeedContent, defaultContentDir } from '../db/seed-source';
import { writeSeed } from '../db/seed';
import { servedOffers, type ServedOffer } from '../../sites/served-offers';
import { applyServedRelease } from './served-prices';
import { toMinor } from '../../region-config/money';

/** The snapshot's offers of a storefront, as a build of today's content would write them. */
const snapshotOffers = (code: string, local: string) =>
  servedOffers(readSeedContent(defaultContentDir, () => {}).products, code, local).offers;
/** The same offers with the product's prices raised (whole units, so every currency can hold them). */
const raised = (offers: ServedOffer[], productId: string, by: number) =>
  offers.map((o) =>
    o.productId === productId
      ? { ...o, salePrice: o.salePrice + by, marketPrice: Math.max(o.marketPrice, o.salePrice + by) }
      : o,
  );

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 2_000,
): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - start > ms) return { value, ms: Date.now() - start };
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(drivers)('prices of the served release (%s)', (driver) => {
  let server: TestServer;
  let releasesDir: string;
  /** An ordinary product on sale in Indonesia and Germany (no pre-sale, F-code or gift card). */
  let product: { id: string; name: string; commodity: string };
  const base = { de: snapshotOffers('de', 'de'), id: snapshotOffers('id', 'id') };

  beforeAll(async () => {
    // The tests below apply releases by id without serving them: the server applies whatever `current` is swapped to
    // on its own (watch-served.ts), which the last test checks, and would race with an explicit apply.
    releasesDir = tempReleasesDir();
    writeRelease(releasesDir, 'r-1', base);
    // The server applies the served release at start.
    server = await startServer(driver, { PUBLIC_DIR: path.join(releasesDir, 'current') });
    const rows = await server.db.query<{ id: string; name: string; commodity_id: string }>(
      `SELECT p.id, p.name, min(c.commodity_id) AS commodity_id FROM products p
       JOIN commodities c ON c.product_id = p.id
       JOIN offers i ON i.commodity_id = c.commodity_id AND i.local = 'id' AND i.stock > 5
       JOIN offers d ON d.commodity_id = c.commodity_id AND d.local = 'de'
       WHERE p.category = 'phones' AND p.id NOT IN (SELECT product_id FROM presale_campaigns)
         AND p.id NOT IN (SELECT product_id FROM fcodes)
       GROUP BY p.id, p.name ORDER BY p.id LIMIT 1`,
    );
    product = { id: rows[0]!.id, name: rows[0]!.name, commodity: rows[0]!.commodity_id };
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  const quote = async (code: string) =>
    (await new Client(server.base).call(`/api/${code}/prices?product_id=${product.id}`)).body.data;
  const priceOf = (q: { offers: { commodity_id: string; sale_price: number }[] }) =>
    q.offers.find((o) => o.commodity_id === product.commodity)!.sale_price;
  const fileOf = (offers: ServedOffer[]) => offers.find((o) => o.commodityId === product.commodity)!;

  it('applies the served release at start, and again only when a version changed', async () => {
    const rows = await server.db.query<{ local: string; release_id: string; version: string }>(
      `SELECT local, release_id, version FROM storefront_releases ORDER BY local`,
    );
    expect(rows).toEqual([
      { local: 'de', release_id: 'r-1', version: 'de.r-1' },
      { local: 'id', release_id: 'r-1', version: 'id.r-1' },
    ]);
    expect((await quote('de')).release_id).toBe('r-1');
    expect(priceOf(await quote('de'))).toBe(fileOf(base.de).salePrice);
    expect(await applyServedRelease(server.db, { releasesDir })).toEqual({ changed: [] });
    // A folder without releases, or a release id that is not one, changes nothing.
    expect(await applyServedRelease(server.db, { releasesDir: path.join(releasesDir, 'nothing-here') })).toEqual({
      changed: [],
    });
    await expect(applyServedRelease(server.db, { releasesDir, releaseId: '../etc' })).rejects.toThrow(
      /not a release id/,
    );
  });

  it('the site server never serves a storefront’s .offers.json', async () => {
    for (const url of ['/de/.offers.json', '/de/%2eoffers.json', '/id/.offers.json', '/.release.json']) {
      const res = await fetch(`${server.base}${url}`);
      const text = await res.text();
      expect(res.status, url).toBe(404);
      expect(text).not.toContain(product.commodity);
    }
  });

  it('a new release changes the quote, the cart shows old → new, the order records it; rollback restores', async () => {
    const shopper = await quickShopper(server);
    const addressId = await saveAddress(shopper.client);
    await addToCart(shopper.client, product.commodity);
    const oldId = fileOf(base.id).salePrice;
    const newId = oldId + 50_000;
    writeRelease(
      releasesDir,
      'r-2',
      { de: raised(base.de, product.id, 20), id: raised(base.id, product.id, 50_000) },
      false,
    );
    expect(
      await applyServedRelease(server.db, { releasesDir, releaseId: 'r-2', actorId: 7, note: 'autumn prices' }),
    ).toEqual({ changed: ['de', 'id'] });
    expect(priceOf(await quote('de'))).toBe(fileOf(base.de).salePrice + 20);
    expect(await quote('id')).toMatchObject({ release_id: 'r-2', version: 'id.r-2' });
    expect(priceOf(await quote('id'))).toBe(newId);
    expect(
      (await server.db.query(`SELECT published_by::int AS by, note FROM storefront_releases WHERE local = 'id'`))[0],
    ).toEqual({ by: 7, note: 'autumn prices' });

    const cart = (await shopper.client.call('/api/id/cart', { method: 'POST', json: { action: 'get' } })).body.data
      .unified_cart_data;
    const line = cart.items.find((i: { commodity_id: string }) => i.commodity_id === product.commodity);
    expect(line).toMatchObject({ sale_price: newId, previous_price: oldId });
    const checkout = (await shopper.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
    expect(checkout.lines.find((l: { commodity_id: string }) => l.commodity_id === product.commodity)).toMatchObject({
      unit_price: toMinor(newId, 'IDR'),
      previous_unit_price: toMinor(oldId, 'IDR'),
    });
    const placed = await shopper.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    expect(placed.body.errno).toBe(0);
    const order = (
      await server.db.query<{ release_id: string; unit_price: number }>(
        `SELECT o.release_id, l.unit_price::float8 AS unit_price FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE o.id = $1`,
        [placed.body.data.order_id],
      )
    )[0]!;
    expect(order.release_id).toBe('r-2');
    expect(order.unit_price).toBe(toMinor(newId, 'IDR'));

    // A line added after the change was added at today's price: nothing to point out.
    const later = await quickShopper(server);
    await addToCart(later.client, product.commodity);
    const laterLine = (await later.client.call('/api/id/cart', { method: 'POST', json: { action: 'get' } })).body.data
      .unified_cart_data.items[0];
    expect(laterLine).toMatchObject({ sale_price: newId, previous_price: null });

    // A rollback: the earlier release is applied again.
    expect(await applyServedRelease(server.db, { releasesDir, releaseId: 'r-1', note: 'rollback' })).toEqual({
      changed: ['de', 'id'],
    });
    expect(await quote('id')).toMatchObject({ release_id: 'r-1' });
    expect(priceOf(await quote('id'))).toBe(oldId);
    expect(priceOf(await quote('de'))).toBe(fileOf(base.de).salePrice);
    // The later shopper added at the new price, which the rollback took back.
    const back = (await later.client.call('/api/id/cart', { method: 'POST', json: { action: 'get' } })).body.data
      .unified_cart_data.items[0];
    expect(back).toMatchObject({ sale_price: oldId, previous_price: newId });
  });

  it('search answers (kept in memory) drop the old prices when a release changes them', async () => {
    const suggest = async () => {
      const list = (
        await new Client(server.base).call(`/api/de/v2/search/suggestList?keyword=${encodeURIComponent(product.name)}`)
      ).body.data.list as { item_id: string; price: number; link: string }[];
      return list.find((i) => i.link.includes(`/${product.id}`));
    };
    const before = await suggest();
    expect(before).toBeDefined();
    const lead = before!.item_id;
    writeRelease(releasesDir, 'r-3', { de: raised(base.de, product.id, 33), id: base.id }, false);
    const start = Date.now();
    expect(await applyServedRelease(server.db, { releasesDir, releaseId: 'r-3' })).toEqual({ changed: ['de', 'id'] });
    const seen = await waitFor(
      suggest,
      (hit) => hit?.price === base.de.find((o) => o.commodityId === lead)!.salePrice + 33,
      1_000,
    );
    console.log(`${driver}: search quoted the new price ${Date.now() - start} ms after the apply began`);
    expect(seen.value?.price).toBe(base.de.find((o) => o.commodityId === lead)!.salePrice + 33);
  });

  it('the seed never writes prices of a served country; an offer its release does not show is off sale', async () => {
    const dropped = base.de.find((o) => o.productId !== product.id)!;
    writeRelease(
      releasesDir,
      'r-4',
      { de: raised(base.de, product.id, 44).filter((o) => o.commodityId !== dropped.commodityId), id: base.id },
      false,
    );
    await applyServedRelease(server.db, { releasesDir, releaseId: 'r-4' });
    const read = async () =>
      await server.db.query<{ commodity_id: string; sale_price: number; on_sale: boolean }>(
        `SELECT commodity_id, sale_price::float8 AS sale_price, on_sale FROM offers
         WHERE local = 'de' AND commodity_id = ANY($1::text[])`,
        [[product.commodity, dropped.commodityId]],
      );
    const expected = [
      { commodity_id: product.commodity, sale_price: fileOf(base.de).salePrice + 44, on_sale: true },
      { commodity_id: dropped.commodityId, sale_price: dropped.salePrice, on_sale: false },
    ].sort((a, b) => a.commodity_id.localeCompare(b.commodity_id));
    expect((await read()).sort((a, b) => a.commodity_id.localeCompare(b.commodity_id))).toEqual(expected);
    // The seed as it runs at API start (a changed snapshot): every offer written again with the snapshot's prices.
    await server.db.transaction((tx) =>
      writeSeed(
        tx,
        readSeedContent(defaultContentDir, () => {}),
      ),
    );
    expect((await read()).sort((a, b) => a.commodity_id.localeCompare(b.commodity_id))).toEqual(expected);
    // A country no release serves still takes the snapshot's prices.
    const fr = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM offers WHERE local = 'fr' AND NOT on_sale`,
    );
    expect(fr[0]!.n).toBe(0);
  });

  it('a broken .offers.json changes nothing', async () => {
    writeRelease(releasesDir, 'r-5', { de: base.de, id: base.id }, false);
    fs.writeFileSync(
      path.join(releasesDir, '.storefronts', 'de.r-5', '.offers.json'),
      '{"storefront":"de","local":"de","offers":[{"commodityId":1}]}',
    );
    const before = await quote('de');
    await expect(applyServedRelease(server.db, { releasesDir, releaseId: 'r-5' })).rejects.toThrow(/offers\[0\]/);
    expect(await quote('de')).toEqual(before);
  });

  it('applies only the storefronts asked for; refuses bad quote requests with an errno', async () => {
    writeRelease(
      releasesDir,
      'r-8',
      { de: raised(base.de, product.id, 80), id: raised(base.id, product.id, 80_000) },
      false,
    );
    expect(await applyServedRelease(server.db, { releasesDir, releaseId: 'r-8', locals: ['id'] })).toEqual({
      changed: ['id'],
    });
    expect((await quote('id')).release_id).toBe('r-8');
    expect((await quote('de')).release_id).not.toBe('r-8');
    expect(await applyServedRelease(server.db, { releasesDir, releaseId: 'r-8' })).toEqual({ changed: ['de'] });
    expect(priceOf(await quote('de'))).toBe(fileOf(base.de).salePrice + 80);
    const client = new Client(server.base);
    for (const bad of ['../etc', '', 'x'.repeat(101), 'A%20B'])
      expect((await client.call(`/api/de/prices?product_id=${bad}`)).body.errno, bad).toBe(40001);
    const unknown = await client.call('/api/de/prices?product_id=no-such-product');
    expect([unknown.status, unknown.body.errno]).toEqual([404, 30002]);
  });

  it('20 applies at once (two releases, alternating) settle on one release, prices agreeing, no deadlock', async () => {
    writeRelease(releasesDir, 'r-6', { de: raised(base.de, product.id, 60), id: base.id }, false);
    writeRelease(releasesDir, 'r-7', { de: raised(base.de, product.id, 70), id: base.id }, false);
    // Shoppers place orders in Indonesia meanwhile (whose version changes with every apply): applies wait for them,
    // none deadlocks.
    const applies = Array.from({ length: 20 }, (_, i) =>
      applyServedRelease(server.db, { releasesDir, releaseId: i % 2 ? 'r-6' : 'r-7' }),
    );
    const orders = Array.from({ length: 4 }, (_, i) => unpaidOrder(server, { skip: i }));
    const results = await Promise.allSettled([...applies, ...orders]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const placed = results.slice(20).map((r) => (r as PromiseFulfilledResult<{ orderId: string }>).value.orderId);
    const releases = await server.db.query<{ release_id: string }>(
      `SELECT release_id FROM orders WHERE id = ANY($1::bigint[])`,
      [placed],
    );
    expect(releases.map((r) => r.release_id).every((id) => id === 'r-6' || id === 'r-7')).toBe(true);
    const q = await quote('de');
    expect(['r-6', 'r-7']).toContain(q.release_id);
    expect(priceOf(q)).toBe(fileOf(base.de).salePrice + (q.release_id === 'r-6' ? 60 : 70));
    const served = await server.db.query<{ sale_price: number }>(
      `SELECT sale_price::float8 AS sale_price FROM served_offers WHERE local = 'de' AND commodity_id = $1`,
      [product.commodity],
    );
    expect(served[0]!.sale_price).toBe(priceOf(q));
  });
  it('a release swapped on disk by a command (no API call) is quoted by the running API within a second', async () => {
    writeRelease(releasesDir, 'r-9', { de: raised(base.de, product.id, 80), id: base.id }, false);
    const swapped = Date.now();
    serveRelease(releasesDir, 'r-9');
    const { value, ms } = await waitFor(
      () => quote('de'),
      (q) => q.release_id === 'r-9',
      3_000,
    );
    console.log(`release swapped on disk → quoted by the API (${driver}): ${Date.now() - swapped} ms`);
    expect(value.release_id).toBe('r-9');
    expect(priceOf(value)).toBe(fileOf(base.de).salePrice + 80);
    expect(ms).toBeLessThan(1_500);
  });
});
