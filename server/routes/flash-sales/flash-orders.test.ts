import {
  FLASH_COMMODITY as COMMODITY,
  FLASH_OPS_TOKEN as OPS_TOKEN,
  setTestSale,
} from '../../test-support/flash-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type Client, type TestServer } from '../../test-support/harness';
import { establishedShopper, saveAddress, unpaidOrder } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { TEST_CARD as CARD } from '../../test-support/paid-orders';

const SALE_PRICE = 1_000_000;

/** A won place is an unpaid order at the sale price, paid like any order, released unpaid to the next in line. */
describe.each(drivers)('flash sale orders (%s)', (driver) => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  async function sale(units: number, opts: { oversubscription?: number; window?: number } = {}) {
    const saleId = `o-${driver}-${++n}-${Date.now()}`;
    await setTestSale(server.base, {
      saleId,
      units,
      oversubscription: opts.oversubscription ?? 0,
      paymentWindowSeconds: opts.window ?? 900,
    });
    await server.app.flashSales.refresh(saleId);
    return saleId;
  }
  const enter = (client: Client, saleId: string) =>
    client.call('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: COMMODITY } });
  const place = (client: Client, saleId: string) => client.call(`/api/id/seckill/place?saleId=${saleId}`);
  /** A shopper past the new-account check with a default address in Indonesia. */
  const buyer = async () => {
    const s = await establishedShopper(server);
    await saveAddress(s.client);
    return s;
  };
  const stock = async (commodityId = COMMODITY) =>
    (
      await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
        commodityId,
      ])
    )[0]!.stock;
  const order = async (id: string) =>
    (
      await server.db.query<{ state: string; total: number; unit_price: number; pay_before: Date; reason: string }>(
        `SELECT o.state, o.total::float8 AS total, l.unit_price::float8 AS unit_price, o.pay_before,
           o.cancel_reason AS reason
         FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.id = $1`,
        [id],
      )
    )[0]!;
  /** The place's window (and its order's, which is the same) has passed. */
  const windowPasses = async (saleId: string, seq: number) => {
    await server.db.query(
      `UPDATE orders SET pay_before = now() - interval '1 second'
       WHERE id = (SELECT order_id FROM flash_places WHERE sale_id = $1 AND seq = $2)`,
      [saleId, seq],
    );
    await server.db.query(
      `UPDATE flash_places SET pay_until = now() - interval '1 second' WHERE sale_id = $1 AND seq = $2`,
      [saleId, seq],
    );
  };

  it('answers a win with an unpaid order at the sale price, due with the place; paid, the place is paid', async () => {
    const saleId = await sale(2);
    const stockBefore = await stock();
    const a = await buyer();
    const won = await enter(a.client, saleId);
    expect(won.body.errno).toBe(0);
    expect(won.body.data).toMatchObject({ state: 'won', seq: 1 });
    const orderId = won.body.data.order_id as string;
    expect(orderId).toMatch(/^\d+$/);
    const written = await order(orderId);
    expect(written).toMatchObject({ state: 'unpaid', unit_price: SALE_PRICE });
    // Indonesia prices include VAT and delivers free from its threshold: the total is the sale price.
    expect(written.total).toBe(SALE_PRICE);
    expect(new Date(written.pay_before).getTime()).toBe(won.body.data.pay_until);
    // The sale's units are its own: the offer's stock does not move.
    expect(await stock()).toBe(stockBefore);
    // Asking again answers the same place and order.
    expect((await enter(a.client, saleId)).body.data).toMatchObject({ state: 'won', order_id: orderId });

    const paid = await a.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    expect(paid.body.errno, JSON.stringify(paid.body)).toBe(0);
    expect(paid.body.data.state).toBe('succeeded');
    expect((await place(a.client, saleId)).body.data).toMatchObject({ state: 'paid', order_id: orderId });
    await server.app.flashSales.releaseDue();
    const rows = await server.db.query<{ state: string }>(`SELECT state FROM flash_places WHERE sale_id = $1`, [
      saleId,
    ]);
    expect(rows.map((r) => r.state)).toEqual(['paid']);
    expect(await stock()).toBe(stockBefore);
  });

  it('cancels an unpaid place at the end of its window; the unit, with an order, goes to the next one', async () => {
    const saleId = await sale(1, { oversubscription: 2, window: 60 });
    const stockBefore = await stock();
    const [a, b, c] = [await buyer(), await buyer(), await buyer()];
    const first = (await enter(a.client, saleId)).body.data;
    expect(first).toMatchObject({ state: 'won', seq: 1 });
    expect((await enter(b.client, saleId)).body.data).toEqual({ state: 'waiting', seq: 2, position: 1, units: 1 });
    expect((await enter(c.client, saleId)).body.data).toEqual({ state: 'waiting', seq: 3, position: 2, units: 1 });

    await windowPasses(saleId, 1);
    expect(await server.app.flashSales.releaseDue()).toBe(1);
    // The existing machinery closed a's order; its unit went to b, whose order the sweep wrote.
    expect(await order(first.order_id)).toMatchObject({ state: 'cancelled', reason: 'payment_window' });
    expect((await place(a.client, saleId)).body.data.state).toBe('expired');
    const next = (await place(b.client, saleId)).body.data;
    expect(next).toMatchObject({ state: 'won', seq: 2 });
    expect(next.order_id).toMatch(/^\d+$/);
    expect(next.order_id).not.toBe(first.order_id);
    expect(await order(next.order_id)).toMatchObject({ state: 'unpaid', unit_price: SALE_PRICE });
    // a's order moved no stock, so its cancellation gives none to the offer.
    expect(await stock()).toBe(stockBefore);
    const paid = await b.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: next.order_id, ...CARD },
    });
    expect(paid.body.data.state).toBe('succeeded');
    expect((await place(b.client, saleId)).body.data.state).toBe('paid');
    // The one behind b in line hears that no unit can come free any more.
    expect((await place(c.client, saleId)).body.data.state).toBe('sold_out');
    // a cannot pay the cancelled order any more.
    const late = await a.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: first.order_id, ...CARD },
    });
    expect(late.body.errno).not.toBe(0);
  });

  it('releases the unit at once when the shopper cancels the sale order', async () => {
    const saleId = await sale(1, { oversubscription: 1 });
    const [a, b] = [await buyer(), await buyer()];
    const first = (await enter(a.client, saleId)).body.data;
    await enter(b.client, saleId);
    const cancelled = await a.client.call('/api/id/order/cancel', {
      method: 'POST',
      json: { orderId: first.order_id },
    });
    expect(cancelled.body.errno, JSON.stringify(cancelled.body)).toBe(0);
    expect(await server.app.flashSales.releaseDue()).toBe(1);
    expect((await place(b.client, saleId)).body.data).toMatchObject({ state: 'won' });
  });

  it("cancels the winner's older unpaid order (one unpaid order per shopper) rather than lose the unit", async () => {
    const saleId = await sale(1);
    const older = await unpaidOrder(server);
    await server.db.query(`UPDATE users SET created_at = created_at - interval '30 days' WHERE id = $1`, [
      older.userId,
    ]);
    const olderStock = await stock(older.commodityId);
    const won = (await enter(older.client, saleId)).body.data;
    expect(won).toMatchObject({ state: 'won' });
    expect(won.order_id).not.toBe(older.orderId);
    expect(await order(older.orderId)).toMatchObject({ state: 'cancelled', reason: 'flash_sale' });
    // The older order's unit is back on sale, and the inbox says the order was cancelled.
    expect(await stock(older.commodityId)).toBe(olderStock + 1);
    const inbox = await server.db.query(`SELECT 1 FROM messages WHERE user_id = $1`, [older.userId]);
    expect(inbox.length).toBeGreaterThan(0);
    expect(await order(won.order_id)).toMatchObject({ state: 'unpaid' });
  });

  it('writes the order once the winner without an address saves one', async () => {
    const saleId = await sale(1);
    const a = await establishedShopper(server);
    const won = (await enter(a.client, saleId)).body.data;
    expect(won).toMatchObject({ state: 'won', address_needed: true });
    expect(won.order_id).toBeUndefined();
    await saveAddress(a.client);
    const now = (await place(a.client, saleId)).body.data;
    expect(now.order_id).toMatch(/^\d+$/);
    expect(now.address_needed).toBeUndefined();
  });

  it('writes one order per winner under parallel asks and polls', async () => {
    const saleId = await sale(8);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buyer()));
    // Every buyer asks three times at once, and polls its place at once too.
    const answers = await Promise.all(
      buyers.flatMap((s) => [enter(s.client, saleId), enter(s.client, saleId), enter(s.client, saleId)]),
    );
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    const polls = await Promise.all(buyers.map((s) => place(s.client, saleId)));
    // The four without a place hear so (no place to poll).
    expect(polls.filter((p) => p.body.errno === Errno.FLASH_NO_PLACE)).toHaveLength(4);
    const won = polls.filter((p) => p.body.data?.state === 'won');
    expect(won).toHaveLength(8);
    expect(new Set(won.map((p) => p.body.data.order_id)).size).toBe(8);
    expect(won.every((p) => /^\d+$/.test(p.body.data.order_id))).toBe(true);
    const counts = await server.db.query<{ orders: number; places: number }>(
      `SELECT count(DISTINCT o.id)::int AS orders, count(DISTINCT f.seq)::int AS places
       FROM flash_places f JOIN orders o ON o.user_id = f.user_id AND o.idempotency_key = 'flash:' || f.sale_id
       WHERE f.sale_id = $1`,
      [saleId],
    );
    expect(counts[0]).toEqual({ orders: 8, places: 8 });
  });

  it('answers forty parallel winners, each with its order or without it yet; the place then names each', async () => {
    const saleId = await sale(40);
    const buyers = await Promise.all(Array.from({ length: 40 }, () => buyer()));
    const answers = await Promise.all(buyers.map((s) => enter(s.client, saleId)));
    expect(answers.every((a) => a.body.errno === 0 && a.body.data.state === 'won')).toBe(true);
    // The orders are written a few at a time: a winner whose order is not written within the wait hears `won` with
    // its payment window, and reads the order from the place.
    const pending = answers.filter((a) => a.body.data.order_id === undefined);
    expect(pending.every((a) => a.body.data.pay_until > Date.now())).toBe(true);
    const polls = await Promise.all(buyers.map((s) => place(s.client, saleId)));
    const ids = polls.map((p) => p.body.data.order_id as string);
    expect(ids.every((id) => /^\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(40);
    for (const [i, a] of answers.entries()) if (a.body.data.order_id) expect(a.body.data.order_id).toBe(ids[i]);
  });
});
