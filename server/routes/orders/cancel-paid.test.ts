import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { giftCardBalance, paidOrder, type PaidTestOrder } from '../../test-support/paid-orders';
import { quickShopper, unpaidOrder } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';

/**
 * Cancelling a paid order before anything ships, through real HTTP: the shopper's one click and staff's cancel; the
 * money goes back where it came from, the stock, coupon and gift cards as the rules say, the points earned are taken
 * back and the points redeemed are not; refused once anything shipped, for another user's order, twice.
 */
describe.each(drivers)('cancel after payment (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const cancel = (o: Pick<PaidTestOrder, 'client' | 'orderId'>) =>
    o.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: o.orderId, refund: true } });
  const detail = async (o: Pick<PaidTestOrder, 'client' | 'orderId'>) =>
    (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data.order;
  const points = async (o: Pick<PaidTestOrder, 'client'>) => (await o.client.call('/api/id/points')).body.data;
  const stock = async (commodityId: string) =>
    Number(
      (
        await server.db.query<{ stock: string }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
          commodityId,
        ])
      )[0]!.stock,
    );
  const couponState = async (userCouponId: string) =>
    (await server.db.query<{ state: string }>(`SELECT state FROM user_coupons WHERE id = $1`, [userCouponId]))[0]!
      .state;
  const gatewayRefunds = async (orderId: string) =>
    (
      await server.db.query<{ amount: string }>(
        `SELECT s.amount FROM sandbox_refunds s JOIN refunds r ON s.reference = 'refund_' || r.id
         WHERE r.order_id = $1`,
        [orderId],
      )
    ).map((r) => Number(r.amount));
  const steps = async (orderId: string) =>
    server.db.query<{ kind: string; actor: string; detail: Record<string, unknown> }>(
      `SELECT kind, actor, detail FROM order_events WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );

  it('card, gift card, coupon, points: all refunded, coupon back, earned points taken, redeemed not', async () => {
    const o = await paidOrder(server, { price: 2_000_000, giftCard: 300_000, coupon: true, points: 5000 });
    const before = {
      points: (await points(o)).balance,
      stock: await stock(o.commodityId),
      giftCard: await giftCardBalance(server, o.giftCard!.id),
      coupon: await couponState(o.userCouponId!),
    };
    const order = await detail(o);
    expect(order).toMatchObject({ state: 'paid', cancellable_after_payment: true, points_used: 5000 });
    const earned = Math.floor(o.charged / 1000);
    expect(before).toEqual({ points: earned, stock: before.stock, giftCard: 0, coupon: 'used' });

    const r = await cancel(o);
    expect(r.body).toMatchObject({
      errno: 0,
      data: {
        state: 'cancelled',
        refunded: o.total,
        coupon_returned: true,
        points_taken_back: earned,
        points_not_taken_back: 0,
        points_redeemed: 5000,
        gift_cards_voided: 0,
      },
    });
    const after = await detail(o);
    expect(after).toMatchObject({ state: 'cancelled', cancellable_after_payment: false, cancel_reason: 'shopper' });
    expect(after.refunds).toMatchObject([
      { reason: 'cancelled', amount: o.charged, state: 'pending', destination: { kind: 'card', last4: '4242' } },
      {
        reason: 'cancelled',
        amount: 300_000,
        state: 'done',
        destination: { kind: 'gift_card', last4: o.giftCard!.code.slice(-4) },
      },
    ]);
    expect(after.refunds[0].due_by - Date.now()).toBeGreaterThan(20 * 86_400_000);
    // The money: the gift card at once, the card by the refund job through the gateway (once, however often it runs).
    expect(await giftCardBalance(server, o.giftCard!.id)).toBe(300_000);
    await server.app.refundJob.run();
    await server.app.refundJob.run();
    expect(await gatewayRefunds(o.orderId)).toEqual([o.charged]);
    expect((await detail(o)).refunds[0]).toMatchObject({ state: 'succeeded' });
    // Points: the earned ones are gone, the 5000 redeemed stay spent (not refundable); stock and coupon are back.
    const p = await points(o);
    expect(p.balance).toBe(0);
    expect(p.history.map((h: { reason: string; delta: number }) => [h.reason, h.delta])).toEqual([
      ['clawback', -earned],
      ['earn', earned],
      ['redeem', -5000],
      ['welcome', 5000],
    ]);
    expect(await stock(o.commodityId)).toBe(before.stock + 1);
    expect(await couponState(o.userCouponId!)).toBe('claimed');
    // The timeline: cancelled by the shopper, with what it gave back; the refund due, refunded at once, then paid.
    const timeline = await steps(o.orderId);
    expect(timeline.map((s) => s.kind)).toEqual(['placed', 'paid', 'refund_due', 'refunded', 'cancelled', 'refunded']);
    expect(timeline[4]).toMatchObject({
      actor: 'shopper',
      detail: { reason: 'shopper', refunded: o.total, pointsTakenBack: earned, pointsRedeemed: 5000 },
    });
    // Cancelled twice: refused, nothing more refunded.
    expect((await cancel(o)).body.errno).toBe(Errno.ORDER_NOT_PAYABLE);
    expect((await server.db.query(`SELECT 1 FROM refunds WHERE order_id = $1`, [o.orderId])).length).toBe(2);
  });

  it('20 parallel cancels of one paid order cancel and refund it once', async () => {
    const o = await paidOrder(server, { giftCard: 20_000 });
    const stockBefore = await stock(o.commodityId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(o)));
    const errnos = answers.map((a) => a.body.errno).sort();
    expect(errnos.filter((e) => e === 0)).toHaveLength(1);
    expect(errnos.filter((e) => e !== 0).every((e) => e === Errno.ORDER_NOT_PAYABLE)).toBe(true);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const refunded = await server.db.query<{ s: string }>(`SELECT sum(amount) AS s FROM refunds WHERE order_id = $1`, [
      o.orderId,
    ]);
    expect(Number(refunded[0]!.s)).toBe(o.total);
    expect(await stock(o.commodityId)).toBe(stockBefore + 1);
    expect(await giftCardBalance(server, o.giftCard!.id)).toBe(20_000);
    expect((await steps(o.orderId)).filter((s) => s.kind === 'cancelled')).toHaveLength(1);
  });

  it('refused once anything shipped; another user cannot; malformed requests get an errno, never a 5xx', async () => {
    const o = await paidOrder(server);
    for (const state of ['partially_shipped', 'shipped', 'delivered']) {
      await server.db.query(`UPDATE orders SET state = $2 WHERE id = $1`, [o.orderId, state]);
      expect((await detail(o)).cancellable_after_payment).toBe(false);
      expect((await cancel(o)).body.errno).toBe(Errno.ORDER_SHIPPED);
    }
    expect(await server.db.query(`SELECT 1 FROM refunds WHERE order_id = $1`, [o.orderId])).toEqual([]);
    await server.db.query(`UPDATE orders SET state = 'processing' WHERE id = $1`, [o.orderId]);
    const stranger = await quickShopper(server);
    const theirs = await stranger.client.call('/api/id/order/cancel', {
      method: 'POST',
      json: { orderId: o.orderId, refund: true },
    });
    expect(theirs.body.errno).toBe(Errno.NOT_FOUND);
    for (const body of [{}, { orderId: 12 }, { orderId: 'x'.repeat(30) }, { orderId: "1' OR '1'='1" }, []]) {
      const r = await o.client.call('/api/id/order/cancel', { method: 'POST', json: body });
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
    // Without the refund flag a paid order is refused as the unpaid cancellation always answered it: a cancel sent
    // for an unpaid order that a payment just won never refunds that payment by surprise.
    const plain = await o.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: o.orderId } });
    expect(plain.body).toMatchObject({ errno: Errno.ORDER_NOT_PAYABLE });
    // Still paid and cancellable by its owner (processing counts as not shipped).
    expect((await cancel(o)).body).toMatchObject({ errno: 0, data: { refunded: o.total } });
    // An unpaid order is cancelled as before: nothing was paid, nothing refunded.
    const unpaid = await unpaidOrder(server);
    expect((await cancel(unpaid)).body).toMatchObject({ errno: 0, data: { state: 'cancelled', refunded: 0 } });
  });

  it('staff cancel a paid order of their country: refunded, the step names the staff member', async () => {
    const o = await paidOrder(server);
    const staff = await staffMember(server);
    const call = (orderId: string, urlLocal = 'id') =>
      staff.client.call(`/api/${urlLocal}/staff/orders/cancel`, { method: 'POST', json: { orderId, refund: true } });
    expect((await o.client.call('/api/id/staff/orders/cancel', { method: 'POST', json: o })).body.errno).toBe(
      Errno.STAFF_ONLY,
    );
    expect((await call(o.orderId, 'de')).body.errno).toBe(Errno.NOT_FOUND);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(o.orderId)));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    const done = answers.find((a) => a.body.errno === 0)!.body.data;
    expect(done.order).toMatchObject({ state: 'cancelled', cancel_reason: 'staff' });
    expect(done.refunds).toMatchObject([{ reason: 'cancelled', amount: o.charged, state: 'pending' }]);
    const cancelled = (await steps(o.orderId)).find((s) => s.kind === 'cancelled')!;
    expect(cancelled.actor).toBe(`staff:${staff.userId}`);
  });

  it('earned points already spent: taken back to zero, the rest recorded; an ended coupon stays used', async () => {
    const o = await paidOrder(server, { price: 3_000_000, coupon: true });
    const earned = Math.floor(o.charged / 1000);
    // The shopper spends most of the earned points elsewhere (a redemption on another order).
    const other = await unpaidOrder(server);
    await server.db.query(
      `INSERT INTO points_ledger (user_id, local, delta, reason, order_id) VALUES ($1, 'id', $2, 'redeem', $3)`,
      [o.userId, -(earned - 100), other.orderId],
    );
    await server.db.query(
      `UPDATE coupons SET ends_at = now() - interval '1 minute' WHERE id = (SELECT coupon_id FROM user_coupons
         WHERE id = $1)`,
      [o.userCouponId],
    );
    try {
      expect((await cancel(o)).body.data).toMatchObject({
        coupon_returned: false,
        points_taken_back: 100,
        points_not_taken_back: earned - 100,
      });
      expect((await points(o)).balance).toBe(0);
      expect(await couponState(o.userCouponId!)).toBe('used');
      expect((await steps(o.orderId)).find((s) => s.kind === 'cancelled')!.detail).toMatchObject({
        pointsTakenBack: 100,
        pointsNotTakenBack: earned - 100,
      });
    } finally {
      await server.db.query(`UPDATE coupons SET ends_at = '2027-12-31T23:59:59Z' WHERE code = 'HEMAT100'`);
    }
  });

  it('gift cards the order bought: voided when unused, the cancellation refused once one was used', async () => {
    const buy = async () => {
      const o = await paidOrder(server);
      const card = await server.db.query<{ id: string }>(
        `INSERT INTO gift_cards (code, local, currency, initial_amount, balance, bought_by, source_order_id,
           redeemable_from, expires_at)
         VALUES (substr(md5(random()::text), 1, 16), 'id', 'IDR', 100000, 100000, $1, $2, now(),
           now() + interval '1 year')
         RETURNING id::text AS id`,
        [o.userId, o.orderId],
      );
      return { ...o, cardId: card[0]!.id };
    };
    const unused = await buy();
    expect((await cancel(unused)).body.data.gift_cards_voided).toBe(1);
    expect(await giftCardBalance(server, unused.cardId)).toBe(0);
    const used = await buy();
    await server.db.query(`UPDATE gift_cards SET balance = 40000 WHERE id = $1`, [used.cardId]);
    expect((await cancel(used)).body.errno).toBe(Errno.CANCEL_GIFT_CARD_USED);
    expect((await detail(used)).state).toBe('paid');
    expect(await server.db.query(`SELECT 1 FROM refunds WHERE order_id = $1`, [used.orderId])).toEqual([]);
  });
});
