import { randomBytes } from 'node:crypto';
import type { TestServer } from './harness';
import { addToCart, quickShopper, saveAddress } from './shoppers';
import { sellable } from './fixtures';

/** The sandbox gateway's card that always succeeds without a one-time password. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' };

/** What a paid test order is made of, to compare before and after a refund or a cancellation. */
export interface PaidTestOrder {
  client: Awaited<ReturnType<typeof quickShopper>>['client'];
  userId: number;
  email: string;
  orderId: string;
  commodityId: string;
  total: number;
  /** What the card paid (the total less gift cards). */
  charged: number;
  giftCard: { id: string; code: string; applied: number } | null;
  userCouponId: string | null;
}

/**
 * A quick shopper's order in Indonesia, placed and paid through the real routes: one unit of the `skip`-th sellable
 * commodity (at `price` minor units when given), optionally part-paid by a fresh gift card of `giftCard` minor units,
 * with the HEMAT100 coupon and with `points` Mi Points (granted first); the rest paid by the sandbox card. With
 * `giftCard` at least the total, gift cards pay it all.
 */
export async function paidOrder(
  server: Pick<TestServer, 'db' | 'base' | 'app'>,
  options: { skip?: number; price?: number; giftCard?: number; coupon?: boolean; points?: number } = {},
): Promise<PaidTestOrder> {
  const item = await sellable(server.db, 1, options.skip ?? 3);
  await server.db.query(`UPDATE offers SET stock = greatest(stock, 1000) WHERE commodity_id = $1 AND local = 'id'`, [
    item.commodity_id,
  ]);
  if (options.price !== undefined)
    await server.db.query(
      `UPDATE offers SET sale_price = $2, market_price = $2 WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id, options.price],
    );
  const s = await quickShopper(server);
  const addressId = await saveAddress(s.client);
  await addToCart(s.client, item.commodity_id);
  const body: Record<string, unknown> = { addressId, agreePrivacy: true };
  let giftCard: PaidTestOrder['giftCard'] = null;
  if (options.giftCard) {
    const code = randomBytes(8)
      .toString('hex')
      .toUpperCase()
      .replace(/[01IOL]/g, 'A')
      .replace(/[^A-Z2-9]/g, 'B');
    const id = (
      await server.db.query<{ id: string }>(
        `INSERT INTO gift_cards (code, local, currency, initial_amount, balance, redeemable_from, expires_at)
         VALUES ($1, 'id', 'IDR', $2, $2, now() - interval '1 day', now() + interval '1 year')
         RETURNING id::text AS id`,
        [code, options.giftCard],
      )
    )[0]!.id;
    body['giftCards'] = [code];
    giftCard = { id, code, applied: 0 };
  }
  let userCouponId: string | null = null;
  if (options.coupon) {
    const claimed = await s.client.call('/api/id/coupon/claim', { method: 'POST', json: { code: 'HEMAT100' } });
    if (claimed.body.errno !== 0) throw new Error(`coupon: ${JSON.stringify(claimed.body)}`);
    userCouponId = (await s.client.call('/api/id/coupon/mine')).body.data.coupons.find(
      (c: { code: string }) => c.code === 'HEMAT100',
    ).user_coupon_id;
    body['userCouponId'] = userCouponId;
  }
  if (options.points) {
    await server.app.repos.points.grant(s.userId, 'id', options.points);
    body['points'] = options.points;
  }
  const placed = await s.client.call('/api/id/order/place', { method: 'POST', json: body });
  if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
  const orderId = placed.body.data.order_id as string;
  const order = (await s.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order;
  if (giftCard) giftCard.applied = order.gift_card_amount;
  if (order.amount_due > 0) {
    const paid = await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...TEST_CARD } });
    if (paid.body.data?.state !== 'succeeded') throw new Error(`pay: ${JSON.stringify(paid.body)}`);
  }
  return {
    ...s,
    orderId,
    commodityId: item.commodity_id,
    total: order.amounts.total,
    charged: order.amount_due,
    giftCard,
    userCouponId,
  };
}

/** A gift card's balance now. */
export async function giftCardBalance(server: Pick<TestServer, 'db'>, id: string): Promise<number> {
  return Number(
    (await server.db.query<{ b: string }>(`SELECT balance AS b FROM gift_cards WHERE id = $1`, [id]))[0]!.b,
  );
}
