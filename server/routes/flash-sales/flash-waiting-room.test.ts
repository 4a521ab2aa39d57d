import {
  FLASH_COMMODITY as COMMODITY,
  FLASH_OPS_TOKEN as OPS_TOKEN,
  setTestSale,
} from '../../test-support/flash-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type Client, type TestServer } from '../../test-support/harness';
import { establishedShopper, quickShopper, saveAddress } from '../../test-support/shoppers';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';

/** A sale with a waiting room: nobody beyond the units hears sold out while a unit may still come back. */
describe.each(drivers)('flash sale waiting room (%s)', (driver) => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  async function sale(units: number) {
    const saleId = `w-${driver}-${++n}-${Date.now()}`;
    await setTestSale(server.base, {
      saleId,
      units,
      waitingRoom: true,
    });
    await server.app.flashSales.refresh(saleId);
    return saleId;
  }
  const enter = (client: Client, saleId: string) =>
    client.call('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: COMMODITY } });
  const place = (client: Client, saleId: string) => client.call(`/api/id/seckill/place?saleId=${saleId}`);
  const shoppers = async (count: number) => {
    const out = [];
    for (let i = 0; i < count; i += 50)
      out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => quickShopper(server)))));
    return out;
  };
  const windowPasses = (saleId: string, seq: number) =>
    server.db.query(`UPDATE flash_places SET pay_until = now() - interval '1 second' WHERE sale_id = $1 AND seq = $2`, [
      saleId,
      seq,
    ]);

  it('gives 10 of 1,000 parallel asks a unit, 990 a place in line; a release goes to the first', async () => {
    const saleId = await sale(10);
    const buyers = await shoppers(1000);
    const answers = await Promise.all(buyers.map((b) => enter(b.client, saleId)));
    expect(answers.every((a) => a.status === 200 && a.body.errno === 0)).toBe(true);
    expect(answers.filter((a) => a.body.data.state === 'won')).toHaveLength(10);
    expect(answers.filter((a) => a.body.data.state === 'sold_out')).toHaveLength(0);
    const waiting = answers.filter((a) => a.body.data.state === 'waiting');
    expect(waiting).toHaveLength(990);
    const positions = waiting.map((a) => a.body.data.position as number).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 990 }, (_, i) => i + 1));
    // Every unit is held but none is paid for: admissions stay open, and the sale is still live.
    expect(server.app.flashSales.gate.entry(saleId)?.soldOut).toBe(false);
    const info = await buyers[0]!.client.call(`/api/id/seckill/sale?saleId=${saleId}`);
    expect(info.body.data).toMatchObject({ phase: 'live', left: 0, waiting_room: true });
    const [late] = await shoppers(1);
    expect((await enter(late!.client, saleId)).body.data).toMatchObject({ state: 'waiting', position: 991 });

    // A winner's window passes unpaid: the unit goes to position 1, and the line moves up.
    const first = buyers[answers.findIndex((a) => a.body.data.position === 1)]!;
    const second = buyers[answers.findIndex((a) => a.body.data.position === 2)]!;
    await windowPasses(saleId, answers.find((a) => a.body.data.state === 'won')!.body.data.seq);
    expect(await server.app.flashSales.releaseDue()).toBe(1);
    expect((await place(first.client, saleId)).body.data).toMatchObject({ state: 'won', units: 1 });
    expect((await place(second.client, saleId)).body.data).toMatchObject({ state: 'waiting', position: 1 });
  }, 120_000);

  it('says sold out to those in line and to new asks once every unit is paid for, and not before', async () => {
    const saleId = await sale(2);
    const buyers = [];
    for (let i = 0; i < 4; i++) {
      const s = await establishedShopper(server);
      await saveAddress(s.client);
      buyers.push(s);
    }
    const [a, b, c, d] = buyers as [(typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0]];
    const wonA = (await enter(a.client, saleId)).body.data;
    const wonB = (await enter(b.client, saleId)).body.data;
    expect([wonA.state, wonB.state]).toEqual(['won', 'won']);
    expect((await enter(c.client, saleId)).body.data).toMatchObject({ state: 'waiting', position: 1 });
    const pay = (client: Client, orderId: string) =>
      client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    expect((await pay(a.client, wonA.order_id)).body.data.state).toBe('succeeded');
    // One unit is still unpaid: c stays in line and d still gets a place.
    expect((await place(c.client, saleId)).body.data).toMatchObject({ state: 'waiting', position: 1 });
    expect((await enter(d.client, saleId)).body.data).toMatchObject({ state: 'waiting', position: 2 });
    expect((await pay(b.client, wonB.order_id)).body.data.state).toBe('succeeded');
    // Every unit paid for: those in line hear sold out, before and after the sweep marks the places paid.
    expect((await place(c.client, saleId)).body.data).toMatchObject({ state: 'sold_out' });
    const [e, f] = await shoppers(2);
    expect((await enter(e!.client, saleId)).body.data).toEqual({ state: 'sold_out' });
    expect(server.app.flashSales.gate.entry(saleId)?.soldOut).toBe(true);
    await server.app.flashSales.releaseDue();
    expect((await place(d.client, saleId)).body.data).toMatchObject({ state: 'sold_out' });
    expect((await enter(c.client, saleId)).body.data).toMatchObject({ state: 'sold_out' });
    // Sold out is now the gate's: a new ask hears it without any session, place or admission read.
    for (let i = 0; i < 100 && !server.app.flashSales.gate.entry(saleId)?.holders; i++)
      await new Promise((r) => setTimeout(r, 20));
    const seen: string[] = [];
    const query = server.app.db.query.bind(server.app.db);
    server.app.db.query = ((sql: string, params?: readonly unknown[]) => {
      seen.push(sql);
      return query(sql, params);
    }) as typeof server.app.db.query;
    try {
      expect((await enter(f!.client, saleId)).body.data).toEqual({ state: 'sold_out' });
      expect(seen.filter((sql) => /sessions|flash_/.test(sql))).toEqual([]);
    } finally {
      server.app.db.query = query;
    }
    // A fresh read of the sale keeps it sold out (the gate's flag follows the database's rule).
    await server.app.flashSales.refresh(saleId);
    expect(server.app.flashSales.gate.entry(saleId)?.soldOut).toBe(true);
    const info = await a.client.call(`/api/id/seckill/sale?saleId=${saleId}`);
    expect(info.body.data.phase).toBe('sold_out');
  });
});
