import { afterAll, describe, expect, it } from 'vitest';
import { Client, drivers } from './test-support/harness';
import { spawnServer, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { JAKARTA, addToCart, saveAddress } from './test-support/shoppers';
import type { Database } from './db/types';

/**
 * A server killed (SIGKILL, no clean-up) in the middle of a burst of order placements leaves every order
 * whole (its lines, its stock movements, its confirmation mail) or absent, and stock + what live orders hold is the
 * stock before the burst. The server is started again on the same data before the books are checked.
 */
describe.each(drivers)('a crash during order placements (%s)', (driver) => {
  const store = processStore(driver, 'crash');
  const env = () => store.env();
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    await store.remove();
  });

  it('leaves every order whole or absent, and the stock adds up', async () => {
    await store.create();
    server = await spawnServer(env());
    const shoppers: Client[] = [];
    for (let i = 0; i < 24; i++) {
      const c = new Client(server.base);
      await c.register('id');
      shoppers.push(c);
    }
    const commodityIds: string[] = [];
    for (const c of shoppers) {
      await saveAddress(c, 'id', JAKARTA);
      const cart = await c.call('/api/id/cart', { method: 'POST', json: {} });
      expect(cart.body.errno).toBe(0);
    }
    // Two products each, so an order has several lines, stock rows and movements to leave half-written.
    const pilot = shoppers[0]!;
    const quote = async (c: Client) => (await c.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
    for (const id of ['10001', '10003', '10005', '10007', '10009', '10011']) {
      const r = await pilot.call('/api/id/cart', { method: 'POST', json: { action: 'add', commodityId: id } });
      if (r.body.errno === 0) commodityIds.push(id);
      if (commodityIds.length === 2) break;
    }
    expect(commodityIds).toHaveLength(2);
    for (const c of shoppers.slice(1)) for (const id of commodityIds) await addToCart(c, id);
    expect((await quote(pilot)).lines).toHaveLength(2);

    const stockBefore = await stockOf(server, commodityIds);
    const addressIds = await Promise.all(
      shoppers.map(async (c) => (await c.call('/api/id/address/list')).body.data.addresses[0].id as string),
    );
    // Every shopper places at once; the server is killed once a quarter of the orders are through, the rest under way.
    let placed = 0;
    let quarterDone!: () => void;
    const quarter = new Promise<void>((resolve) => (quarterDone = resolve));
    const placements = shoppers.map((c, i) =>
      c.call('/api/id/order/place', { method: 'POST', json: { addressId: addressIds[i], agreePrivacy: true } }).then(
        (r) => (r.body.errno === 0 && ++placed >= shoppers.length / 4 ? quarterDone() : undefined),
        () => undefined,
      ),
    );
    await Promise.race([quarter, new Promise((r) => setTimeout(r, 5_000))]);
    await server.kill();
    await Promise.all(placements);

    server = await spawnServer(env());
    expect((await (await fetch(`${server.base}/api/health`)).json()).data.status).toBe('ok');
    await server.stop();
    server = undefined;

    const db: Database = await store.open();
    try {
      const orders = await db.query<{
        id: string;
        state: string;
        lines: number;
        moves: number;
        qty: number;
        moved: number;
        mails: number;
      }>(
        `SELECT o.id::text AS id, o.state,
                (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines,
                (SELECT count(*)::int FROM stock_movements m WHERE m.order_id = o.id AND m.reason = 'sale') AS moves,
                (SELECT coalesce(sum(quantity), 0)::int FROM order_lines l WHERE l.order_id = o.id) AS qty,
                (SELECT coalesce(-sum(delta), 0)::int FROM stock_movements m WHERE m.order_id = o.id
                  AND m.reason = 'sale') AS moved,
                (SELECT count(*)::int FROM mail_outbox b WHERE b.dedupe_key = 'order-confirmation:' || o.id) AS mails
         FROM orders o`,
      );
      for (const o of orders) {
        expect(o.lines, `order ${o.id}`).toBe(2);
        expect(o.moves, `order ${o.id}`).toBe(2);
        expect(o.moved, `order ${o.id}`).toBe(o.qty);
        expect(o.mails, `order ${o.id}`).toBe(1);
      }
      const orphans = await db.query(
        `SELECT 1 FROM order_lines l WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = l.order_id)`,
      );
      expect(orphans).toHaveLength(0);
      for (const id of commodityIds) {
        const now = (
          await db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [id])
        )[0]!.stock;
        const held = (
          await db.query<{ n: number }>(
            `SELECT coalesce(sum(l.quantity), 0)::int AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
             WHERE l.commodity_id = $1 AND o.state <> 'cancelled'`,
            [id],
          )
        )[0]!.n;
        expect(now + held, id).toBe(stockBefore[id]);
      }
      expect(orders.length).toBeGreaterThan(0);
      console.log(
        `crash (${driver}): ${orders.length} of ${shoppers.length} placements committed before the kill; ` +
          `every one whole`,
      );
    } finally {
      await db.close();
    }
  }, 240_000);
});

/** Stock of the commodities in Indonesia, read through the checkout quote's line stock. */
async function stockOf(server: ServerProcess, commodityIds: string[]): Promise<Record<string, number>> {
  const c = new Client(server.base);
  await c.register('id');
  for (const id of commodityIds) await addToCart(c, id);
  const lines = (await c.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data.lines as {
    commodity_id: string;
    stock: number;
  }[];
  return Object.fromEntries(lines.map((l) => [l.commodity_id, l.stock]));
}
