import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { addToCart, establishedShopper, quickShopper, saveAddress } from '../test-support/shoppers';
import { sellable } from '../test-support/fixtures';
import { seedFromContent } from '../db/seed';
import { defaultContentDir } from '../db/seed-source';
import { Errno } from '../errors';
import { TEST_CARD as CARD } from '../test-support/paid-orders';

const quiet = { info: () => {}, warn: () => {} };

interface Snapshot {
  products: { commodities: { commodityId: string; offers?: Record<string, { salePrice: number; stock: number }> }[] }[];
}

/** A copy of the content folder whose catalogue snapshot `edit` changes, as a new content delivery would. */
function changedContent(edit: (snapshot: Snapshot) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-content-'));
  fs.cpSync(defaultContentDir, dir, { recursive: true });
  const file = path.join(dir, 'snapshots/catalogue/products.json');
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  edit(snapshot);
  fs.writeFileSync(file, JSON.stringify(snapshot));
  return dir;
}
const offerIn = (s: Snapshot, commodityId: string) =>
  s.products.flatMap((p) => p.commodities).find((c) => c.commodityId === commodityId)!;

/**
 * Stock is live data: a new content snapshot changes prices and adds offers, but never gives back units that were
 * sold, never overwrites stock, and takes an offer it dropped off sale (not buyable, history kept) instead of
 * deleting it. Through the real checkout and a real re-seed from a changed copy of the content.
 */
describe.each(drivers)('live stock across content snapshots (%s)', (driver) => {
  let server: TestServer;
  const folders: string[] = [];
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => {
    await server?.close();
    for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
  });

  const offer = async (commodityId: string) =>
    (
      await server.db.query<{ stock: number; sale_price: number; on_sale: boolean }>(
        `SELECT stock, sale_price::float8 AS sale_price, on_sale FROM offers WHERE commodity_id = $1 AND local = 'id'`,
        [commodityId],
      )
    )[0]!;
  const movements = (commodityId: string) =>
    server.db.query<{ reason: string; delta: number; stock_after: number | null; order_id: string | null }>(
      `SELECT reason, delta, stock_after, order_id::text AS order_id FROM stock_movements
       WHERE commodity_id = $1 AND local = 'id' ORDER BY id`,
      [commodityId],
    );
  const reseed = async (dir: string) => {
    folders.push(dir);
    expect(await seedFromContent(server.db, { contentDir: dir, log: quiet })).toBe('seeded');
  };

  it('3 units sold stay sold through a price change; a dropped offer goes off sale and keeps its history', async () => {
    const sold = await sellable(server.db, 3, 10);
    const dropped = await sellable(server.db, 1, 20);
    const before = await offer(sold.commodity_id);

    // Sell 3 units through the checkout: add, place, pay by card.
    const buyer = await establishedShopper(server);
    const addressId = await saveAddress(buyer.client);
    await addToCart(buyer.client, sold.commodity_id, 3);
    const placed = await buyer.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    expect(placed.body.errno).toBe(0);
    const orderId: string = placed.body.data.order_id;
    expect(
      (await buyer.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } })).body.data.state,
    ).toBe('succeeded');
    expect((await offer(sold.commodity_id)).stock).toBe(before.stock - 3);

    // A shopper holds the offer about to be dropped in their cart.
    const holder = await quickShopper(server);
    await addToCart(holder.client, dropped.commodity_id, 1);
    const droppedBefore = await offer(dropped.commodity_id);
    const droppedHistory = await movements(dropped.commodity_id);
    expect(droppedHistory[0]).toMatchObject({ reason: 'snapshot start' });

    // The new snapshot: another price (and another starting stock, which must not be taken), and one offer fewer.
    await reseed(
      changedContent((s) => {
        const o = offerIn(s, sold.commodity_id).offers!['id']!;
        o.salePrice += 1000;
        o.stock = 5000;
        delete offerIn(s, dropped.commodity_id).offers!['id'];
      }),
    );
    const after = await offer(sold.commodity_id);
    expect(after).toEqual({ stock: before.stock - 3, sale_price: before.sale_price + 1000, on_sale: true });
    expect(await movements(sold.commodity_id)).toEqual([
      { reason: 'snapshot start', delta: before.stock, stock_after: before.stock, order_id: null },
      { reason: 'sale', delta: -3, stock_after: before.stock - 3, order_id: orderId },
    ]);

    // The dropped offer: kept, same stock, off sale, history kept; not buyable anywhere.
    expect(await offer(dropped.commodity_id)).toEqual({ ...droppedBefore, on_sale: false });
    expect(await movements(dropped.commodity_id)).toEqual(droppedHistory);
    const add = await (await quickShopper(server)).client.call('/api/id/cart', {
      method: 'POST',
      json: { action: 'add', commodityId: dropped.commodity_id, quantity: 1 },
    });
    expect(add.body.errno).toBe(Errno.NOT_ON_SALE);
    const cart = await holder.client.call('/api/id/cart', { method: 'POST', json: { action: 'get' } });
    expect(
      cart.body.data.unified_cart_data.items.find(
        (i: { commodity_id: string }) => i.commodity_id === dropped.commodity_id,
      ),
    ).toMatchObject({ is_not_available: true, sale_price: null });
    const place = await holder.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: await saveAddress(holder.client), agreePrivacy: true },
    });
    expect(place.body.errno).toBe(Errno.LINES_NOT_AVAILABLE);
    const live = await holder.client.call(`/api/id/stock?productId=${dropped.product_id}`);
    expect(live.body.data.commodities).toContainEqual({
      commodity_id: dropped.commodity_id,
      stock: droppedBefore.stock,
      on_sale: false,
    });
    const staff = await quickShopper(server);
    await server.db.query(`UPDATE users SET role = 'staff' WHERE id = $1`, [staff.userId]);
    const listed = await staff.client.call(`/api/id/staff/inventory?productId=${dropped.product_id}`);
    expect(
      listed.body.data.offers.find((o: { commodity_id: string }) => o.commodity_id === dropped.commodity_id),
    ).toMatchObject({ on_sale: false, stock: droppedBefore.stock });

    // The original snapshot again: the offer is back on sale with the stock it had, not the snapshot's; the 3 stay
    // sold.
    await reseed(changedContent(() => {}));
    expect(await offer(dropped.commodity_id)).toEqual({ ...droppedBefore, on_sale: true });
    expect(await offer(sold.commodity_id)).toEqual({
      stock: before.stock - 3,
      sale_price: before.sale_price,
      on_sale: true,
    });
    expect((await movements(sold.commodity_id)).filter((m) => m.reason === 'snapshot start')).toHaveLength(1);
  });

  it('a new offer in a snapshot starts with the snapshot stock and its ledger row', async () => {
    const item = await sellable(server.db, 1, 30);
    const de = (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM offers WHERE commodity_id = $1 AND local = 'de'`,
        [item.commodity_id],
      )
    )[0]!.n;
    expect(de).toBe(1);
    await server.db.query(`DELETE FROM offers WHERE commodity_id = $1 AND local = 'de'`, [item.commodity_id]);
    await server.db.query(`DELETE FROM stock_movements WHERE commodity_id = $1 AND local = 'de'`, [item.commodity_id]);
    let start = 0;
    await reseed(
      changedContent((s) => {
        const o = offerIn(s, item.commodity_id).offers!['de']!;
        o.stock = start = 77;
        o.salePrice += 1;
      }),
    );
    const rows = await server.db.query(`SELECT stock, on_sale FROM offers WHERE commodity_id = $1 AND local = 'de'`, [
      item.commodity_id,
    ]);
    expect(rows).toEqual([{ stock: start, on_sale: true }]);
    const ledger = await server.db.query(
      `SELECT reason, delta, stock_after FROM stock_movements WHERE commodity_id = $1 AND local = 'de'`,
      [item.commodity_id],
    );
    expect(ledger).toEqual([{ reason: 'snapshot start', delta: start, stock_after: start }]);
  });
});
