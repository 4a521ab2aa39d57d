import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity, sellable, testImei } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
/** Xiaomi 13 256GB of the /id trade-in programme: Rp4.680.000 flawless; the Xiaomi 15 adds a Rp810.000 bonus. */
const XIAOMI_13 = { modelId: 'xiaomi-13', storage: '256GB' };
const FLAWLESS = {
  'powers-on': 'yes',
  screen: 'flawless',
  body: 'flawless',
  functions: 'all-work',
  accessories: 'box-and-charger',
};

/**
 * Money off on one order: trade-in, coupon, Mi Points and gift cards together, as checkout computes and places them.
 */
describe.each(drivers)('checkout offers together (%s)', (driver) => {
  let server: TestServer;
  let phone: { commodity_id: string };
  beforeAll(async () => {
    server = await startServer(driver);
    phone = await commodity(server.db, `p.id = 'xiaomi-15' AND o.stock > 20`);
  });
  afterAll(async () => server?.close());

  const quote = (c: Client, body: Record<string, unknown> = {}) =>
    c.call('/api/id/checkout/quote', { method: 'POST', json: body });
  const place = (c: Client, addressId: string, body: Record<string, unknown> = {}) =>
    c.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true, ...body } });
  async function shopperWithPhone() {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, phone.commodity_id);
    return { ...s, addressId };
  }
  async function evaluated(c: Client): Promise<string> {
    const r = await c.call('/api/id/tradein/evaluate', {
      method: 'POST',
      json: { ...XIAOMI_13, answers: FLAWLESS, imei: testImei() },
    });
    expect(r.body.errno).toBe(0);
    return r.body.data.trade_in.id;
  }

  it('trade-in value and bonus off one phone; redeemed with the order, back on cancel; then irrevocable', async () => {
    const s = await shopperWithPhone();
    const id = await evaluated(s.client);
    const plain = (await quote(s.client)).body.data;
    const q = (await quote(s.client, { tradeInId: id })).body.data;
    expect(q.trade_in).toMatchObject({
      id,
      discount: 4_680_000 + 810_000,
      exchange_value: 4_680_000,
      bonus: 810_000,
      refused: null,
    });
    expect(q.amounts.total).toBe(plain.amounts.total - 5_490_000);
    const placed = (await place(s.client, s.addressId, { tradeInId: id })).body.data;
    const mine = async () =>
      (await s.client.call('/api/id/tradein/mine')).body.data.trade_ins.find((t: any) => t.id === id);
    expect(await mine()).toMatchObject({ state: 'redeemed', order_id: placed.order_id });
    expect((await s.client.call('/api/id/tradein/cancel', { method: 'POST', json: { id } })).body.errno).not.toBe(0);
    await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: placed.order_id } });
    expect((await mine()).state).toBe('evaluated');
    // Another user's evaluation does not exist for them; a cart without phones cannot use one.
    const stranger = await shopperWithPhone();
    expect((await quote(stranger.client, { tradeInId: id })).body.errno).toBe(Errno.TRADEIN_UNAVAILABLE);
    expect((await place(stranger.client, stranger.addressId, { tradeInId: id })).body.errno).toBe(
      Errno.TRADEIN_UNAVAILABLE,
    );
    const noPhone = await quickShopper(server);
    await addToCart(
      noPhone.client,
      (await commodity(server.db, `p.category = 'accessories' AND o.stock > 5`)).commodity_id,
    );
    const theirs = await evaluated(noPhone.client);
    expect((await quote(noPhone.client, { tradeInId: theirs })).body.data).toMatchObject({
      blockers: ['trade_in'],
      trade_in: { refused: 'no_phone' },
    });
    for (const bad of [123, 'x'.repeat(30), ['1']])
      expect((await quote(s.client, { tradeInId: bad })).body.errno).not.toBe(0);
  });

  it('coupon, trade-in, points, gift card on one order: each in place, nothing negative, card pays last', async () => {
    const s = await shopperWithPhone();
    await server.app.repos.points.grant(s.userId, 'id', 5000);
    const id = await evaluated(s.client);
    expect(
      (await s.client.call('/api/id/coupon/claim', { method: 'POST', json: { code: 'HEMAT100' } })).body.errno,
    ).toBe(0);
    const userCouponId = (await s.client.call('/api/id/coupon/mine')).body.data.coupons.find(
      (c: any) => c.code === 'HEMAT100',
    ).user_coupon_id;
    const code = 'GIFTCARDTEST2345';
    await server.db.query(
      `INSERT INTO gift_cards (code, local, currency, initial_amount, balance, redeemable_from, expires_at)
        VALUES ($1, 'id', 'IDR', 2000000, 2000000, now() - interval '1 day', now() + interval '1 year')`,
      [code],
    );
    const q = (await quote(s.client, { tradeInId: id, userCouponId, points: 5000, giftCards: [code] })).body.data;
    const items = q.amounts.items_total;
    expect(q.blockers).toEqual([]);
    expect(q.amounts.discount).toBe(5_490_000 + 100_000 + 50_000);
    expect(q.amounts.total).toBe(items - q.amounts.discount + q.amounts.shipping_fee);
    expect(q.gift_card_amount).toBe(2_000_000);
    expect(q.amount_due).toBe(q.amounts.total - 2_000_000);
    const placed = (
      await place(s.client, s.addressId, { tradeInId: id, userCouponId, points: 5000, giftCards: [code] })
    ).body.data;
    const order = (await s.client.call(`/api/id/order/detail?orderId=${placed.order_id}`)).body.data.order;
    expect(order).toMatchObject({ gift_card_amount: 2_000_000, amount_due: q.amount_due, points_used: 5000 });
    expect(
      (await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: placed.order_id, ...CARD } }))
        .body.data.state,
    ).toBe('succeeded');
    const points = (await s.client.call('/api/id/points')).body.data;
    // 5000 granted and used, then 1 point per Rp1.000 of what the card paid (not the gift card part).
    expect(points.balance).toBe(Math.floor(q.amount_due / 1000));
  });

  it('an order with nothing special still quotes as before (no trade-in, no gift cards)', async () => {
    const s = await quickShopper(server);
    await addToCart(s.client, (await sellable(server.db)).commodity_id);
    const q = (await quote(s.client)).body.data;
    expect(q).toMatchObject({ trade_in: null, gift_cards: [], gift_card_amount: 0, presale: null });
    expect(q.amount_due).toBe(q.amounts.total);
  });
});
