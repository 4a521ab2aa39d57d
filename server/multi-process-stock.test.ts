import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerPair, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { sellable } from './test-support/fixtures';
import { addToCart, establishedShopper, quickShopper, saveAddress } from './test-support/shoppers';
import { defaultContentDir } from './db/seed-source';
import type { Database } from './db/types';
import { Errno } from './errors';
import { TEST_CARD as CARD } from './test-support/paid-orders';

const url = process.env['TEST_DATABASE_URL'];

interface Snapshot {
  products: { commodities: { commodityId: string; offers?: Record<string, { salePrice: number; stock: number }> }[] }[];
}

/**
 * Two `npm run serve` processes on one Postgres, restarted together on a changed content snapshot (both race to
 * seed it): units sold before the restart stay sold, the new price is served by both, and an offer the snapshot
 * dropped is off sale on both. Needs real Postgres; PGlite is one process.
 */
describe.skipIf(!url)('live stock with several API processes, one Postgres', () => {
  const store = processStore('pg', 'mps');
  const content = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-content-'));
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  const start = () => spawnServerPair(store.env({ CONTENT_DIR: content }));

  beforeAll(async () => {
    fs.cpSync(defaultContentDir, content, { recursive: true });
    await store.create();
    [a, b] = await start();
    db = await store.open();
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await store.remove();
    fs.rmSync(content, { recursive: true, force: true });
  });

  const offer = async (commodityId: string) =>
    (
      await db.query<{ stock: number; sale_price: number; on_sale: boolean }>(
        `SELECT stock, sale_price::float8 AS sale_price, on_sale FROM offers WHERE commodity_id = $1 AND local = 'id'`,
        [commodityId],
      )
    )[0]!;

  it('sells on both processes, both restart on a snapshot with new prices and an offer fewer: stock kept', async () => {
    const sold = await sellable(db, 3, 10);
    const dropped = await sellable(db, 1, 20);
    const before = await offer(sold.commodity_id);
    const droppedBefore = await offer(dropped.commodity_id);

    // 3 units sold on A, 2 more on B.
    const orders: string[] = [];
    for (const [server, units] of [
      [a, 3],
      [b, 2],
    ] as const) {
      const buyer = await establishedShopper({ db, base: server.base });
      const addressId = await saveAddress(buyer.client);
      await addToCart(buyer.client, sold.commodity_id, units);
      const placed = await buyer.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true },
      });
      expect(placed.body.errno).toBe(0);
      orders.push(placed.body.data.order_id);
      expect(
        (
          await buyer.client.call('/api/id/payment/card', {
            method: 'POST',
            json: { orderId: placed.body.data.order_id, ...CARD },
          })
        ).body.data.state,
      ).toBe('succeeded');
    }
    expect((await offer(sold.commodity_id)).stock).toBe(before.stock - 5);

    await Promise.all([a.stop(), b.stop()]);
    const file = path.join(content, 'snapshots/catalogue/products.json');
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
    const commodity = (id: string) =>
      snapshot.products.flatMap((p) => p.commodities).find((c) => c.commodityId === id)!;
    commodity(sold.commodity_id).offers!['id']!.salePrice += 500;
    commodity(sold.commodity_id).offers!['id']!.stock = 9999;
    delete commodity(dropped.commodity_id).offers!['id'];
    fs.writeFileSync(file, JSON.stringify(snapshot));
    [a, b] = await start();

    expect(await offer(sold.commodity_id)).toEqual({
      stock: before.stock - 5,
      sale_price: before.sale_price + 500,
      on_sale: true,
    });
    expect(await offer(dropped.commodity_id)).toEqual({ ...droppedBefore, on_sale: false });
    const ledger = await db.query<{ reason: string; n: number; sum: number }>(
      `SELECT reason, count(*)::int AS n, sum(delta)::int AS sum FROM stock_movements
       WHERE commodity_id = $1 AND local = 'id' GROUP BY reason ORDER BY reason`,
      [sold.commodity_id],
    );
    expect(ledger).toEqual([
      { reason: 'sale', n: 2, sum: -5 },
      { reason: 'snapshot start', n: 1, sum: before.stock },
    ]);
    // Both processes serve the live values: the new price in the cart, the dropped offer not buyable.
    for (const server of [a, b]) {
      const shopper = await quickShopper({ db, base: server.base });
      const added = await shopper.client.call('/api/id/cart', {
        method: 'POST',
        json: { action: 'add', commodityId: sold.commodity_id, quantity: 1 },
      });
      expect(added.body.errno).toBe(0);
      expect(added.body.data.unified_cart_data.items[0].sale_price).toBe(before.sale_price + 500);
      const refused = await shopper.client.call('/api/id/cart', {
        method: 'POST',
        json: { action: 'add', commodityId: dropped.commodity_id, quantity: 1 },
      });
      expect(refused.body.errno).toBe(Errno.NOT_ON_SALE);
      const live = await shopper.client.call(`/api/id/stock?productId=${sold.product_id}`);
      expect(live.body.data.commodities).toContainEqual({
        commodity_id: sold.commodity_id,
        stock: before.stock - 5,
        on_sale: true,
      });
    }
  }, 240_000);
});
