import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';

/** The coupons of content/tools/build-coupons.ts (seeded from the snapshot). */
const HEMAT = { code: 'HEMAT100', off: 100_000, minSpend: 1_000_000 };
const KILAT_STOCK = 5;

describe.each(drivers)('coupons (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const claim = (c: Client, body: Record<string, string>) =>
    c.call('/api/id/coupon/claim', { method: 'POST', json: body });
  /** A phone on sale in id costing at least `min` (Rp). */
  const phone = (min: number) =>
    commodity(server.db, `p.category = 'phones' AND o.stock > 5 AND o.sale_price >= $1`, [min]);

  it('lists what can be claimed, claims by code, and counts against the per-user limit', async () => {
    const { client } = await quickShopper(server);
    const claimable = (await client.call('/api/id/coupon/claimable')).body.data.coupons;
    expect(claimable.map((c: any) => c.code)).toContain(HEMAT.code);
    const r = await claim(client, { code: 'hemat100' });
    expect(r.body).toMatchObject({
      errno: 0,
      data: {
        coupon: { code: HEMAT.code, state: 'claimed', amount: HEMAT.off, min_spend: HEMAT.minSpend, exponent: 0 },
      },
    });
    expect((await claim(client, { code: HEMAT.code })).body.errno).toBe(Errno.COUPON_LIMIT);
    expect((await claim(client, { code: 'NOPE1234' })).body.errno).toBe(Errno.COUPON_UNKNOWN);
    // a German coupon is not claimable in id
    expect((await claim(client, { code: 'WILLKOMMEN20' })).body.errno).toBe(Errno.COUPON_UNKNOWN);
    expect(
      (await new Client(server.base).call('/api/id/coupon/claim', { method: 'POST', json: { code: HEMAT.code } })).body
        .errno,
    ).toBe(Errno.NOT_LOGGED_IN);
    const mine = (await client.call('/api/id/coupon/mine')).body.data.coupons;
    expect(mine.map((c: any) => [c.code, c.state])).toEqual([[HEMAT.code, 'claimed']]);
  });

  it("30 shoppers claim a coupon with 5 left at once: 5 get it; one shopper's claims stop at the limit", async () => {
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => quickShopper(server)));
    const answers = await Promise.all(shoppers.map((s) => claim(s.client, { code: 'KILAT50' })));
    expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(KILAT_STOCK);
    expect(answers.filter((r) => r.body.errno === Errno.COUPON_SOLD_OUT)).toHaveLength(30 - KILAT_STOCK);
    const row = await server.db.query<{ claimed: number }>(`SELECT claimed FROM coupons WHERE code = 'KILAT50'`);
    expect(row[0]!.claimed).toBe(KILAT_STOCK);

    const greedy = await quickShopper(server);
    const many = await Promise.all(Array.from({ length: 10 }, () => claim(greedy.client, { code: 'GRATISONGKIR' })));
    expect(many.filter((r) => r.body.errno === 0)).toHaveLength(3); // perUserLimit 3
  });

  it('takes the coupon off before tax, never below zero; one per purchase; refused below minimum spend', async () => {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    const held = (await claim(s.client, { code: HEMAT.code })).body.data.coupon.user_coupon_id;
    const cheap = await commodity(server.db, `o.stock > 5 AND o.sale_price < $1`, [HEMAT.minSpend]);
    await addToCart(s.client, cheap.commodity_id);
    const tooSmall = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: held } }))
      .body.data;
    expect(tooSmall.coupon).toMatchObject({ refused: 'min_spend', discount: 0 });
    expect(tooSmall.blockers).toContain('coupon');
    expect(
      (
        await s.client.call('/api/id/order/place', {
          method: 'POST',
          json: { addressId, agreePrivacy: true, userCouponId: held },
        })
      ).body.errno,
    ).toBe(Errno.COUPON_NOT_APPLICABLE);

    const item = await phone(HEMAT.minSpend);
    await addToCart(s.client, item.commodity_id);
    const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: held } })).body
      .data;
    expect(q.coupon).toMatchObject({ refused: null, discount: HEMAT.off });
    expect(q.amounts.discount).toBe(HEMAT.off);
    expect(q.amounts.total).toBe(q.amounts.items_total - HEMAT.off + q.amounts.shipping_fee);

    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true, userCouponId: held },
    });
    expect(placed.body.errno).toBe(0);
    const order = (await s.client.call(`/api/id/order/detail?orderId=${placed.body.data.order_id}`)).body.data.order;
    expect(order.amounts.discount).toBe(HEMAT.off);
    expect((await s.client.call('/api/id/coupon/mine')).body.data.coupons[0]).toMatchObject({
      state: 'used',
      order_id: placed.body.data.order_id,
    });
    // Used: not usable again; cancelling the unpaid order gives it back.
    expect(
      (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: held } })).body.errno,
    ).toBe(Errno.COUPON_UNAVAILABLE);
    await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: placed.body.data.order_id } });
    expect((await s.client.call('/api/id/coupon/mine')).body.data.coupons[0]).toMatchObject({
      state: 'claimed',
      order_id: null,
    });
  });

  it('percent coupons stop at a cap, count own categories; free shipping zeroes fees; exchange: phones', async () => {
    const s = await quickShopper(server);
    await saveAddress(s.client);
    const item = await phone(6_000_000);
    await addToCart(s.client, item.commodity_id);
    const percent = (await claim(s.client, { code: 'DISKON10' })).body.data.coupon.user_coupon_id;
    const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: percent } })).body
      .data;
    expect(q.coupon.discount).toBe(Math.min(Math.round(q.lines[0].subtotal * 0.1), 500_000));
    const ship = (await claim(s.client, { code: 'GRATISONGKIR' })).body.data.coupon.user_coupon_id;
    const express = (
      await s.client.call('/api/id/checkout/quote', {
        method: 'POST',
        json: { userCouponId: ship, deliveryMethod: 'express' },
      })
    ).body.data;
    expect(express.amounts.shipping_fee).toBe(0);
    expect(express.coupon.free_shipping).toBe(true);

    const t = await quickShopper(server);
    const tv = await commodity(server.db, `p.category = 'tvs' AND o.stock > 5 AND o.sale_price >= 3000000`);
    await addToCart(t.client, tv.commodity_id);
    const exchange = (await claim(t.client, { code: 'TUKAR500' })).body.data.coupon.user_coupon_id;
    const onTv = (await t.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: exchange } }))
      .body.data;
    expect(onTv.coupon.refused).toBe('not_eligible');
  });

  it("another user's coupon is unavailable, and /use-now lists only what a coupon applies to", async () => {
    const owner = await quickShopper(server);
    const held = (await claim(owner.client, { code: 'DISKON10' })).body.data.coupon.user_coupon_id;
    const thief = await quickShopper(server);
    expect(
      (await thief.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: held } })).body.errno,
    ).toBe(Errno.COUPON_UNAVAILABLE);
    const use = (await new Client(server.base).call('/api/id/coupon/products?couponId=id-diskon-10')).body.data;
    expect(use.products.length).toBeGreaterThan(0);
    const categories = await server.db.query<{ category: string }>(
      `SELECT DISTINCT category FROM products WHERE id = ANY($1)`,
      [use.products.map((p: any) => p.product_id)],
    );
    for (const c of categories) expect(['phones', 'tablets']).toContain(c.category);
  });
});
