import {
  FLASH_COMMODITY as COMMODITY,
  FLASH_OPS_TOKEN as OPS_TOKEN,
  setTestSale,
} from '../../test-support/flash-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type Client, type TestServer } from '../../test-support/harness';
import { establishedShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { TEST_CARD as CARD } from '../../test-support/paid-orders';

const SALE_PRICE = 1_000_000;

/** A limit per account above one: a place holds the units asked for (what is left when fewer are free). */
describe.each(drivers)('flash sale quantities (%s)', (driver) => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  async function sale(units: number, opts: { limit?: number; oversubscription?: number } = {}) {
    const saleId = `q-${driver}-${++n}-${Date.now()}`;
    await setTestSale(server.base, {
      saleId,
      units,
      oversubscription: opts.oversubscription ?? 0,
      ...(opts.limit ? { perAccountLimit: opts.limit } : {}),
    });
    await server.app.flashSales.refresh(saleId);
    return saleId;
  }
  const enter = (client: Client, saleId: string, quantity?: number) =>
    client.call('/api/id/seckill/enter', {
      method: 'POST',
      json: { saleId, commodityId: COMMODITY, ...(quantity ? { quantity } : {}) },
    });
  const place = (client: Client, saleId: string) => client.call(`/api/id/seckill/place?saleId=${saleId}`);
  const buyer = async () => {
    const s = await establishedShopper(server);
    await saveAddress(s.client);
    return s;
  };
  const line = async (orderId: string) =>
    (
      await server.db.query<{ quantity: number; unit_price: number; subtotal: number; total: number }>(
        `SELECT l.quantity, l.unit_price::float8 AS unit_price, l.subtotal::float8 AS subtotal,
           o.total::float8 AS total
         FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.id = $1`,
        [orderId],
      )
    )[0]!;
  const tally = async (saleId: string) =>
    (
      await server.db.query<{ held: number; admitted: number; expired: number; units: number }>(
        `SELECT t.held, t.admitted, t.expired,
           (SELECT coalesce(sum(quantity), 0)::int FROM flash_places f
             WHERE f.sale_id = t.sale_id AND f.state IN ('won', 'paid')) AS units
         FROM flash_sale_tallies t WHERE t.sale_id = $1`,
        [saleId],
      )
    )[0]!;

  it('gives 2 + 2 + 1 of 5 units to shoppers asking 2 each in parallel; their orders sell exactly 5', async () => {
    const saleId = await sale(5, { limit: 2 });
    const four = await Promise.all(Array.from({ length: 4 }, () => buyer()));
    // Each asks three times at once: one place per account, whatever the asks.
    const answers = await Promise.all(four.flatMap((s) => [1, 2, 3].map(() => enter(s.client, saleId, 2))));
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    const places = await Promise.all(four.map((s) => place(s.client, saleId)));
    const won = places.filter((p) => p.body.data?.state === 'won').map((p) => p.body.data);
    expect(won.map((p) => p.units).sort()).toEqual([1, 2, 2]);
    // The one asking last hears sold out: no unit and no oversubscription left.
    expect(places.filter((p) => p.body.errno === Errno.FLASH_NO_PLACE)).toHaveLength(1);
    expect(answers.filter((a) => a.body.data.state === 'sold_out').length).toBeGreaterThan(0);
    // The last winner's place is the one given what was left.
    const bySeq = [...won].sort((a, b) => a.seq - b.seq);
    expect(bySeq.map((p) => p.units)).toEqual([2, 2, 1]);
    expect(await tally(saleId)).toMatchObject({ held: 5, admitted: 5, expired: 0, units: 5 });

    for (const p of won) {
      expect(await line(p.order_id)).toEqual({
        quantity: p.units,
        unit_price: SALE_PRICE,
        subtotal: SALE_PRICE * p.units,
        total: SALE_PRICE * p.units,
      });
    }
    for (const [i, s] of four.entries()) {
      const p = places[i]!.body.data;
      if (p?.state !== 'won') continue;
      const paid = await s.client.call('/api/id/payment/card', {
        method: 'POST',
        json: { orderId: p.order_id, ...CARD },
      });
      expect(paid.body.data.state, JSON.stringify(paid.body)).toBe('succeeded');
    }
    await server.app.flashSales.releaseDue();
    const sold = await server.db.query<{ units: number; places: number }>(
      `SELECT coalesce(sum(l.quantity), 0)::int AS units, count(DISTINCT f.seq)::int AS places
       FROM flash_places f JOIN orders o ON o.id = f.order_id JOIN order_lines l ON l.order_id = o.id
       WHERE f.sale_id = $1 AND f.state = 'paid' AND o.paid_at IS NOT NULL`,
      [saleId],
    );
    expect(sold[0]).toEqual({ units: 5, places: 3 });
  });

  it('refuses a quantity above the limit per account, taking no place', async () => {
    const two = await sale(5, { limit: 2 });
    const one = await sale(5);
    const s = await buyer();
    const over = await enter(s.client, two, 3);
    expect(over.body).toMatchObject({ errno: Errno.FLASH_QUANTITY_OVER_LIMIT, data: { per_account_limit: 2 } });
    expect(over.body.errmsg).toMatch(/2/);
    expect((await enter(s.client, one, 2)).body.errno).toBe(Errno.FLASH_QUANTITY_OVER_LIMIT);
    // Beyond what any sale allows: refused by the body's schema.
    const eleven = await enter(s.client, two, 11);
    expect(eleven.status).toBeLessThan(500);
    expect(eleven.body.errno).not.toBe(0);
    expect(await tally(two)).toMatchObject({ held: 0, admitted: 0 });
    expect((await place(s.client, two)).body.errno).toBe(Errno.FLASH_NO_PLACE);
    // Within the limit the same shopper gets the units; asking again (even for another quantity) is the same place.
    expect((await enter(s.client, two, 2)).body.data).toMatchObject({ state: 'won', seq: 1, units: 2 });
    expect((await enter(s.client, two, 1)).body.data).toMatchObject({ state: 'won', seq: 1, units: 2 });
  });

  it("hands a released 2-unit place's units to the next places in line, in arrival order", async () => {
    const saleId = await sale(2, { limit: 2, oversubscription: 3 });
    const [a, b, c, d] = [await buyer(), await buyer(), await buyer(), await buyer()];
    const first = (await enter(a.client, saleId, 2)).body.data;
    expect(first).toMatchObject({ state: 'won', seq: 1, units: 2 });
    expect((await enter(b.client, saleId, 1)).body.data).toMatchObject({ state: 'waiting', position: 1, units: 1 });
    expect((await enter(c.client, saleId, 2)).body.data).toMatchObject({ state: 'waiting', position: 2, units: 2 });
    // Units held plus units asked for in line reached units + oversubscription: sold out without a waiting room.
    expect((await enter(d.client, saleId, 1)).body.data).toEqual({ state: 'sold_out' });

    await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 second' WHERE id = $1`, [first.order_id]);
    await server.db.query(
      `UPDATE flash_places SET pay_until = now() - interval '1 second' WHERE sale_id = $1 AND seq = 1`,
      [saleId],
    );
    expect(await server.app.flashSales.releaseDue()).toBe(1);
    expect((await place(a.client, saleId)).body.data).toMatchObject({ state: 'expired', units: 2 });
    // b asked for one and gets it; c asked for two and gets the one left.
    const nextB = (await place(b.client, saleId)).body.data;
    const nextC = (await place(c.client, saleId)).body.data;
    expect(nextB).toMatchObject({ state: 'won', seq: 2, units: 1 });
    expect(nextC).toMatchObject({ state: 'won', seq: 3, units: 1 });
    expect((await line(nextB.order_id)).quantity).toBe(1);
    expect((await line(nextC.order_id)).quantity).toBe(1);
    expect(await tally(saleId)).toMatchObject({ held: 2, units: 2, admitted: 5, expired: 3 });
  });
});
