import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { pointsRepository } from '../../repositories/points';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';

describe.each(drivers)('Mi Points (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** A shopper with a phone of at least Rp5.000.000 in the cart, an address and `balance` points. */
  async function shopper(balance: number) {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    const phone = await commodity(server.db, `p.category = 'phones' AND o.stock > 5 AND o.sale_price >= 5000000`);
    await addToCart(s.client, phone.commodity_id);
    if (balance > 0) await pointsRepository(server.db).grant(s.userId, 'id', balance);
    return { ...s, addressId };
  }
  const quote = (s: Awaited<ReturnType<typeof shopper>>, points: number) =>
    s.client.call('/api/id/checkout/quote', { method: 'POST', json: { points } });

  it('10 points = Rp100 in id, at least 5000, at most 20 % of the items, never more than the balance', async () => {
    const s = await shopper(200_000);
    const q = (await quote(s, 0)).body.data;
    expect(q.points).toMatchObject({ balance: 200_000, min: 5000, point_value: 10, used: 0 });
    const items = q.amounts.items_total;
    expect(q.points.max).toBe(Math.min(200_000, Math.floor((items * 0.2) / 10)));

    const used = (await quote(s, 5000)).body.data;
    expect(used.points).toMatchObject({ used: 5000, discount: 50_000, refused: null });
    expect(used.amounts.discount).toBe(50_000);
    expect(used.amounts.total).toBe(items - 50_000 + used.amounts.shipping_fee);
    expect((await quote(s, 4999)).body.data.points.refused).toBe('below_minimum');
    expect((await quote(s, q.points.max + 1)).body.data.points.refused).toMatch(/over_share|not_enough/);

    const poor = await shopper(3000);
    const refused = await poor.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: poor.addressId, agreePrivacy: true, points: 5000 },
    });
    expect(refused.body.errno).toBe(Errno.POINTS_NOT_ENOUGH);
  });

  it('points are spent with the order, back if the unpaid order is cancelled; a paid order earns ~1 %', async () => {
    const s = await shopper(10_000);
    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: s.addressId, agreePrivacy: true, points: 6000 },
    });
    expect(placed.body.errno).toBe(0);
    const orderId = placed.body.data.order_id;
    expect((await s.client.call('/api/id/points')).body.data.balance).toBe(4000);
    const detail = (await s.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order;
    expect(detail).toMatchObject({ points_used: 6000, points_discount: 60_000 });
    await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId } });
    expect((await s.client.call('/api/id/points')).body.data.balance).toBe(10_000);

    const again = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: s.addressId, agreePrivacy: true, points: 5000, checkoutToken: 'ck_points_again' },
    });
    const paidId = again.body.data.order_id;
    const total = (await s.client.call(`/api/id/order/detail?orderId=${paidId}`)).body.data.order.amounts.total;
    expect(
      (await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: paidId, ...CARD } })).body.errno,
    ).toBe(0);
    const after = (await s.client.call('/api/id/points')).body.data;
    expect(after.balance).toBe(10_000 - 5000 + Math.floor(total / 1000));
    expect(after.history.map((h: any) => h.reason)).toEqual(['earn', 'redeem', 'return', 'redeem', 'welcome']);
  });

  it('two parallel orders cannot spend the same points', async () => {
    const s = await shopper(6000);
    const answers = await Promise.all(
      ['ck_points_1', 'ck_points_2'].map((checkoutToken) =>
        s.client.call('/api/id/order/place', {
          method: 'POST',
          json: { addressId: s.addressId, agreePrivacy: true, points: 6000, checkoutToken },
        }),
      ),
    );
    expect(
      answers.filter((r) => r.body.errno === 0),
      JSON.stringify(answers.map((r) => r.body)),
    ).toHaveLength(1);
    expect((await s.client.call('/api/id/points')).body.data.balance).toBe(0);
  });
});
