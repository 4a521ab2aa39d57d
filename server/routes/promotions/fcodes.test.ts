import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';

/** The campaign of content/tools/build-fcodes.ts: poco-f7-pro in /id, codes FPOCO0001…FPOCO0040. */
const code = (n: number) => `FPOCO${String(n).padStart(4, '0')}`;

describe.each(drivers)('F-codes (%s)', (driver) => {
  let server: TestServer;
  let poco: string;
  beforeAll(async () => {
    server = await startServer(driver);
    poco = (await commodity(server.db, `p.id = 'poco-f7-pro' AND o.stock > 5`)).commodity_id;
  });
  afterAll(async () => server?.close());

  const add = (c: Client, quantity = 1) =>
    c.call('/api/id/cart', { method: 'POST', json: { action: 'add', commodityId: poco, quantity } });
  const redeem = (c: Client, value: string) =>
    c.call('/api/id/fcode/redeem', { method: 'POST', json: { code: value } });

  it('a product with an open campaign cannot be added without a code, by visitors or by users', async () => {
    expect((await add(new Client(server.base))).body.errno).toBe(Errno.FCODE_REQUIRED);
    const s = await quickShopper(server);
    expect((await add(s.client)).body.errno).toBe(Errno.FCODE_REQUIRED);
    expect((await redeem(s.client, code(1))).body.data.fcodes).toMatchObject([
      { code: code(1), product_id: 'poco-f7-pro', state: 'available' },
    ]);
    expect((await add(s.client)).body.errno).toBe(0);
    // One code, one unit.
    expect((await add(s.client)).body.errno).toBe(Errno.FCODE_REQUIRED);
  });

  it('one code goes to one shopper, however many redeem it at once; unknown and foreign codes refused', async () => {
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => quickShopper(server)));
    const answers = await Promise.all(shoppers.map((s) => redeem(s.client, code(2))));
    expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.body.errno === Errno.FCODE_TAKEN)).toHaveLength(9);
    const s = shoppers[0]!;
    expect((await redeem(s.client, 'NOTACODE1')).body.errno).toBe(Errno.FCODE_UNKNOWN);
    expect((await s.client.call('/api/de/fcode/redeem', { method: 'POST', json: { code: code(3) } })).body.errno).toBe(
      Errno.FCODE_UNKNOWN,
    );
  });

  it('placing the order uses the code; cancelling the unpaid order gives it back', async () => {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await redeem(s.client, code(4));
    expect((await add(s.client)).body.errno).toBe(0);
    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    expect(placed.body.errno).toBe(0);
    expect((await s.client.call('/api/id/fcode/mine')).body.data.fcodes[0]).toMatchObject({
      state: 'used',
      order_id: placed.body.data.order_id,
    });
    await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: placed.body.data.order_id } });
    expect((await s.client.call('/api/id/fcode/mine')).body.data.fcodes[0]).toMatchObject({
      state: 'available',
      order_id: null,
    });
  });

  it('a code used on another order meanwhile blocks the checkout line', async () => {
    const s = await quickShopper(server);
    await saveAddress(s.client);
    await redeem(s.client, code(5));
    await add(s.client);
    await server.db.query(`UPDATE fcodes SET used_at = now() WHERE code = $1`, [code(5)]);
    const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
    expect(q.lines[0].problem).toBe('fcode');
    expect(q.blockers).toContain('lines');
  });
});
