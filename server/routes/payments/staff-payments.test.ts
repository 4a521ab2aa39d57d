import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper, unpaidOrder as placeUnpaidOrder } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { paymentReference } from '../../repositories/payments';
import { refundReference } from '../../payments/refund-job';
import { sandboxGateway } from '../../payments/sandbox-gateway';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const card = {
  card: { number: '4242424242424242', expiry: { month: 12, year: 2034 }, cvv: '123', holder: 'Budi Santoso' },
};

/**
 * The staff console's payments pane through real HTTP: an order's payments and refunds as staff see them, and the
 * three things staff do with them (cancel an unpaid order, record a refund paid back by hand, send a refused refund
 * to its provider again), each raced by parallel requests.
 */
describe.each(drivers)('staff payments and refunds (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const staff = async () => (await staffMember(server)).client;
  const post = (c: Client, path: string, json: Record<string, unknown>, urlLocal = 'id') =>
    c.call(`/api/${urlLocal}${path}`, { method: 'POST', json });
  const look = (c: Client, orderId: string, urlLocal = 'id') =>
    c.call(`/api/${urlLocal}/staff/orders/payments?orderId=${encodeURIComponent(orderId)}`);

  const unpaidOrder = () => placeUnpaidOrder(server);
  const stock = async (commodityId: string) =>
    Number(
      (
        await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
          commodityId,
        ])
      )[0]!.stock,
    );
  const orderState = async (id: string) =>
    (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [id]))[0]!.state;

  /**
   * A charge the gateway made for an order the store closed meanwhile (as server/payments/reconcile.test.ts makes
   * one): the reconciliation reverses the payment and owes the money back through the gateway.
   */
  async function lateCharge() {
    const o = await unpaidOrder();
    const started = await server.app.repos.payments.start(o.userId, o.orderId, 'sandbox', 'card', false);
    if (!started.ok) throw new Error(started.reason);
    const p = started.payment;
    expect(
      (
        await sandboxGateway(server.db).charge({
          reference: paymentReference(p.id),
          amountMinor: p.amount,
          currency: p.currency,
          source: card,
          tokenize: false,
        })
      ).status,
    ).toBe('succeeded');
    await server.db.query(
      `UPDATE orders SET state = 'cancelled', cancelled_at = now(), cancel_reason = 'staff' WHERE id = $1`,
      [o.orderId],
    );
    await server.db.query(`UPDATE payments SET updated_at = now() - interval '1 minute' WHERE id = $1`, [p.id]);
    await server.app.reconciler.settleStale();
    const refundId = (
      await server.db.query<{ id: string }>(`SELECT id::text AS id FROM refunds WHERE payment_id = $1`, [p.id])
    )[0]!.id;
    return { ...o, payment: p, refundId };
  }

  /** A refund of the order at the gateway for a charge it never made: the gateway refuses it ('unknown_charge'). */
  async function refusedRefund(orderId: string): Promise<string> {
    const id = (
      await server.db.query<{ id: string }>(
        `INSERT INTO refunds (order_id, amount, currency, reason, due_by, provider, provider_ref) VALUES ($1,
          1000, 'IDR', 'order_closed', now() + interval '21 days', 'sandbox', 'ch_no_such_charge')
          RETURNING id::text AS id`,
        [orderId],
      )
    )[0]!.id;
    await server.app.refundJob.run();
    const row = (
      await server.db.query<{ state: string; failure_code: string }>(
        `SELECT state, failure_code FROM refunds WHERE id = $1`,
        [id],
      )
    )[0];
    expect(row).toEqual({ state: 'failed', failure_code: 'unknown_charge' });
    return id;
  }

  it('every route refuses a shopper (forbidden) and asks a visitor to sign in', async () => {
    const shopper = await quickShopper(server);
    const visitor = new Client(server.base);
    const get = await look(shopper.client, '1');
    expect([get.status, get.body.errno]).toEqual([403, Errno.STAFF_ONLY]);
    expect((await look(visitor, '1')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    for (const [path, json] of [
      ['/staff/orders/cancel', { orderId: '1' }],
      ['/staff/refunds/done', { refundId: '1' }],
      ['/staff/refunds/retry', { refundId: '1' }],
    ] as const) {
      const r = await post(shopper.client, path, json);
      expect([r.status, r.body.errno]).toEqual([403, Errno.STAFF_ONLY]);
      expect((await post(visitor, path, json)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    }
  });

  it("staff see a paid order: owner, card payment, no refunds; unknown or other countries' not found", async () => {
    const o = await unpaidOrder();
    expect(
      (await o.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: o.orderId, ...CARD } })).body.data
        .state,
    ).toBe('succeeded');
    const s = await staff();
    const r = await look(s, o.orderId);
    expect(r.body.errno).toBe(0);
    const { order, payments, split_parts, refunds } = r.body.data;
    expect(order).toMatchObject({
      id: o.orderId,
      storefront: 'id',
      state: 'paid',
      currency: 'IDR',
      email: o.email,
      cancelled_at: null,
      cancel_reason: null,
    });
    expect(order.paid_at).toEqual(expect.any(Number));
    expect(payments).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        method: 'card',
        state: 'succeeded',
        amount: order.amount_due,
        card_brand: 'visa',
        card_last4: '4242',
        failure_code: null,
      }),
    ]);
    expect([split_parts, refunds]).toEqual([[], []]);
    for (const [id, urlLocal] of [
      ['999999999999', 'id'],
      ['12ab', 'id'],
      [o.orderId, 'de'],
    ] as const) {
      const missing = await look(s, id, urlLocal);
      expect([missing.status, missing.body.errno, missing.body.data]).toEqual([404, Errno.NOT_FOUND, null]);
    }
  });

  it("a late charge's refund shows owed, then refunded once the refund job has paid it", async () => {
    const o = await lateCharge();
    const s = await staff();
    let money = (await look(s, o.orderId)).body.data;
    expect(money.order).toMatchObject({ state: 'cancelled', cancel_reason: 'staff' });
    expect(money.payments).toEqual([
      expect.objectContaining({ id: o.payment.id, state: 'reversed', failure_code: 'order_closed' }),
    ]);
    expect(money.refunds).toEqual([
      expect.objectContaining({
        id: o.refundId,
        reason: 'order_closed',
        amount: o.payment.amount,
        state: 'pending',
        provider: 'sandbox',
        refund_ref: null,
        refunded_at: null,
        can_mark_done: false,
        can_retry: false,
      }),
    ]);
    await server.app.refundJob.run();
    money = (await look(s, o.orderId)).body.data;
    expect(money.refunds).toEqual([
      expect.objectContaining({
        state: 'succeeded',
        refund_ref: expect.stringMatching(/^re_/),
        attempts: 1,
        refunded_at: expect.any(Number),
        can_mark_done: false,
        can_retry: false,
      }),
    ]);
  });

  it('staff cancel an unpaid order: its stock goes back once however many cancel at once', async () => {
    const o = await unpaidOrder();
    const s = await staff();
    const before = await stock(o.commodityId);
    const answers = await Promise.all([1, 2, 3].map(() => post(s, '/staff/orders/cancel', { orderId: o.orderId })));
    expect(answers.map((a) => a.body.errno).sort()).toEqual([0, Errno.ORDER_NOT_PAYABLE, Errno.ORDER_NOT_PAYABLE]);
    expect(answers.find((a) => a.body.errno === 0)!.body.data.order).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'staff',
      cancelled_at: expect.any(Number),
    });
    expect(await stock(o.commodityId)).toBe(before + 1);
    const moves = await server.db.query(
      `SELECT 1 FROM stock_movements WHERE order_id = $1 AND reason = 'cancellation'`,
      [o.orderId],
    );
    expect(moves).toHaveLength(1);
    // Another country's console does not reach it.
    expect((await post(s, '/staff/orders/cancel', { orderId: o.orderId }, 'de')).body.errno).toBe(Errno.NOT_FOUND);
  });

  it('a staff cancel loses to a charge the gateway already made: the order is paid, staff are told so', async () => {
    const o = await unpaidOrder();
    const started = await server.app.repos.payments.start(o.userId, o.orderId, 'sandbox', 'card', false);
    if (!started.ok) throw new Error(started.reason);
    const p = started.payment;
    await sandboxGateway(server.db).charge({
      reference: paymentReference(p.id),
      amountMinor: p.amount,
      currency: p.currency,
      source: card,
      tokenize: false,
    });
    const s = await staff();
    const r = await post(s, '/staff/orders/cancel', { orderId: o.orderId });
    expect(r.body).toMatchObject({ errno: Errno.ORDER_NOT_PAYABLE, data: { state: 'paid' } });
    expect(await orderState(o.orderId)).toBe('paid');
  });

  it('a refund the provider refused is marked paid back once however many click; shopper told once', async () => {
    const o = await unpaidOrder();
    const s = await staff();
    const refundId = await refusedRefund(o.orderId);
    expect((await look(s, o.orderId)).body.data.refunds).toEqual([
      expect.objectContaining({
        id: refundId,
        state: 'failed',
        failure_code: 'unknown_charge',
        can_mark_done: true,
        can_retry: true,
      }),
    ]);
    const answers = await Promise.all([1, 2, 3].map(() => post(s, '/staff/refunds/done', { refundId })));
    expect(answers.map((a) => a.body.errno).sort()).toEqual([0, Errno.REFUND_STATE, Errno.REFUND_STATE]);
    expect(answers.find((a) => a.body.errno === 0)!.body.data.refund).toMatchObject({
      id: refundId,
      state: 'done',
      refunded_at: expect.any(Number),
      can_mark_done: false,
      can_retry: false,
    });
    expect(answers.find((a) => a.body.errno !== 0)!.body.data).toEqual({ state: 'done' });
    const rows = await server.db.query<{ state: string }>(`SELECT state FROM refunds WHERE order_id = $1`, [o.orderId]);
    expect(rows).toEqual([{ state: 'done' }]);
    const inbox = JSON.stringify((await o.client.call('/api/id/message/list')).body.data);
    expect(inbox.match(/Pengembalian dana untuk pesanan \d+ telah dikirim/g)).toHaveLength(1);
    // Paid back is final: it is not sent to the provider again either.
    expect((await post(s, '/staff/refunds/retry', { refundId })).body).toMatchObject({
      errno: Errno.REFUND_STATE,
      data: { state: 'done' },
    });
  });

  it('a refund no provider pays is marked paid back while owed, one being paid not; unknown ids 404', async () => {
    const o = await unpaidOrder();
    const s = await staff();
    const byHand = (
      await server.db.query<{ id: string }>(
        `INSERT INTO refunds (order_id, amount, currency, reason, due_by) VALUES ($1, 5000, 'IDR',
          'split_parts_paid', now() + interval '21 days') RETURNING id::text AS id`,
        [o.orderId],
      )
    )[0]!.id;
    // Owed through the gateway, its next try not due yet.
    const owed = (
      await server.db.query<{ id: string }>(
        `INSERT INTO refunds (order_id, amount, currency, reason, due_by, provider, provider_ref,
          next_attempt_at) VALUES ($1, 1000, 'IDR', 'duplicate', now() + interval '21 days', 'sandbox',
          'ch_later', now() + interval '1 day') RETURNING id::text AS id`,
        [o.orderId],
      )
    )[0]!.id;
    const listed = (await look(s, o.orderId)).body.data.refunds;
    expect(listed.map((r: any) => [r.id, r.provider, r.can_mark_done, r.can_retry])).toEqual([
      [byHand, null, true, false],
      [owed, 'sandbox', false, false],
    ]);
    expect((await post(s, '/staff/refunds/done', { refundId: owed })).body).toMatchObject({
      errno: Errno.REFUND_STATE,
      data: { state: 'pending' },
    });
    expect((await post(s, '/staff/refunds/retry', { refundId: owed })).body).toMatchObject({
      errno: Errno.REFUND_STATE,
      data: { state: 'pending' },
    });
    expect((await post(s, '/staff/refunds/retry', { refundId: byHand })).body.errno).toBe(Errno.REFUND_STATE);
    for (const [refundId, urlLocal] of [
      ['999999999999', 'id'],
      ['x1', 'id'],
      [byHand, 'de'],
    ] as const) {
      for (const path of ['/staff/refunds/done', '/staff/refunds/retry'])
        expect((await post(s, path, { refundId }, urlLocal)).body.errno).toBe(Errno.NOT_FOUND);
    }
    expect((await post(s, '/staff/refunds/done', { refundId: byHand })).body.data.refund).toMatchObject({
      state: 'done',
      provider: null,
    });
  });

  it('retrying a refund the provider refuses again leaves it failed, with nothing paid', async () => {
    const o = await unpaidOrder();
    const s = await staff();
    const refundId = await refusedRefund(o.orderId);
    const r = await post(s, '/staff/refunds/retry', { refundId });
    expect(r.body.errno).toBe(0);
    expect(r.body.data.refund).toMatchObject({
      id: refundId,
      state: 'failed',
      failure_code: 'unknown_charge',
      attempts: 1,
      refund_ref: null,
      can_retry: true,
    });
    expect(
      await server.db.query(`SELECT 1 FROM sandbox_refunds WHERE reference = $1`, [refundReference(refundId)]),
    ).toHaveLength(0);
  });

  it('retrying a refund that failed for want of an answer pays it back once, however many retry at once', async () => {
    const o = await lateCharge();
    const s = await staff();
    // Every try went unanswered: the refund job gave up and left it to staff.
    await server.db.query(
      `UPDATE refunds SET state = 'failed', failure_code = 'provider_unreachable', attempts = 8 WHERE id = $1`,
      [o.refundId],
    );
    const answers = await Promise.all([1, 2, 3].map(() => post(s, '/staff/refunds/retry', { refundId: o.refundId })));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    for (const a of answers) expect([0, Errno.REFUND_STATE]).toContain(a.body.errno);
    // A click racing the one that won may hold the row for an instant, so the winner's run of the refund job can
    // skip it (SKIP LOCKED); the periodic run then pays it.
    await server.app.refundJob.run();
    const after = (await look(s, o.orderId)).body.data.refunds;
    expect(after).toEqual([
      expect.objectContaining({ state: 'succeeded', failure_code: null, refund_ref: expect.stringMatching(/^re_/) }),
    ]);
    const paid = await server.db.query<{ amount: string }>(`SELECT amount FROM sandbox_refunds WHERE reference = $1`, [
      refundReference(o.refundId),
    ]);
    expect(paid.map((p) => Number(p.amount))).toEqual([o.payment.amount]);
  });
});
