import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, mailbox, startServer, type TestServer } from '../test-support/harness';
import { unpaidOrder as placeUnpaidOrder } from '../test-support/shoppers';
import { readPaymentBooks } from '../test-support/payment-books';
import { paymentReference } from '../repositories/payments';
import { Errno } from '../errors';
import { sandboxGateway } from './sandbox-gateway';

import { TEST_CARD as CARD } from '../test-support/paid-orders';
const OTP_CARD = { ...CARD, number: '4000 0000 0000 3220' };
const card = (digits = '4242424242424242') => ({
  card: { number: digits, expiry: { month: 12, year: 2034 }, cvv: '123', holder: 'Budi Santoso' },
});

/**
 * Reconciliation with the provider's books: what a crash or a lost answer leaves in flight is settled by asking the
 * gateway by our payment id, never by guessing; a charge on an order that can no longer take it is refunded.
 */
describe.each(drivers)('payment reconciliation (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const unpaidOrder = () => placeUnpaidOrder(server);
  /** A payment recorded as started, as a process does before it calls the gateway. */
  async function started(userId: number, orderId: string) {
    const r = await server.app.repos.payments.start(userId, orderId, 'sandbox', 'card', false);
    if (!r.ok) throw new Error(r.reason);
    return r.payment;
  }
  /** Makes a payment look as old as one whose process died `ms` ago. */
  const age = (paymentId: string, ms = 60_000) =>
    server.db.query(`UPDATE payments SET updated_at = now() - make_interval(secs => $2 / 1000.0) WHERE id = $1`, [
      paymentId,
      ms,
    ]);
  const orderState = async (id: string) =>
    (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [id]))[0]!.state;
  const paymentState = async (id: string) =>
    (
      await server.db.query<{ state: string; failure_code: string | null }>(
        `SELECT state, failure_code FROM payments WHERE id = $1`,
        [id],
      )
    )[0]!;
  const gateway = () => sandboxGateway(server.db);

  it('a charge made before the process died pays the order at the next reconciliation, with its receipt', async () => {
    const o = await unpaidOrder();
    const p = await started(o.userId, o.orderId);
    expect(
      (
        await gateway().charge({
          reference: paymentReference(p.id),
          amountMinor: p.amount,
          currency: p.currency,
          source: card(),
          tokenize: false,
        })
      ).status,
    ).toBe('succeeded');
    // Too young: its process may still be waiting for the answer.
    await server.app.reconciler.settleStale();
    expect(await orderState(o.orderId)).toBe('unpaid');
    await age(p.id);
    await server.app.reconciler.settleStale();
    expect(await orderState(o.orderId)).toBe('paid');
    expect(await paymentState(p.id)).toMatchObject({ state: 'succeeded' });
    expect((await mailbox(server.base, o.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(1);
    // The shopper's retry is told the order is paid, and nothing is charged again.
    const retry = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...CARD },
    });
    expect(retry.body).toMatchObject({ errno: Errno.ORDER_NOT_PAYABLE, data: { state: 'paid' } });
    expect(
      (
        await server.db.query(
          `SELECT 1 FROM sandbox_gateway_charges c JOIN payments p ON c.reference = 'pay_' || p.id
           WHERE p.order_id = $1`,
          [o.orderId],
        )
      ).length,
    ).toBe(1);
  });

  it('a payment the gateway never received is closed there: a late call cannot charge, a new one pays', async () => {
    const o = await unpaidOrder();
    const p = await started(o.userId, o.orderId);
    // The shopper's retry while the first attempt might still be under way is refused...
    const early = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...CARD },
    });
    expect(early.body.errno).toBe(Errno.ORDER_NOT_PAYABLE);
    expect(
      await server.db.query(`SELECT 1 FROM sandbox_gateway_charges WHERE reference = $1`, [paymentReference(p.id)]),
    ).toHaveLength(0);
    // ...and once it is past its time, the retry settles it with the gateway first and then pays.
    await age(p.id);
    const retry = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...CARD },
    });
    expect(retry.body.data.state).toBe('succeeded');
    expect(await paymentState(p.id)).toMatchObject({ state: 'failed', failure_code: 'not_sent' });
    // The dead process's call arriving after all is refused by the gateway.
    const ghost = await gateway().charge({
      reference: paymentReference(p.id),
      amountMinor: p.amount,
      currency: p.currency,
      source: card(),
      tokenize: false,
    });
    expect(ghost).toMatchObject({ status: 'declined', code: 'cancelled' });
    expect(await readPaymentBooks(server.db)).toMatchObject({
      keptWithoutOrder: 0,
      chargedTwice: 0,
      paidWithoutCharge: 0,
    });
  });

  it('a one-time password cut by a crash waits for the password again, and the shopper completes it', async () => {
    const o = await unpaidOrder();
    const r = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...OTP_CARD },
    });
    expect(r.body.data.state).toBe('otp_required');
    const paymentId = r.body.data.payment_id as string;
    // The password was taken into flight, then the process died before the gateway was asked.
    expect(await server.app.repos.payments.claimOtp(o.userId, paymentId)).not.toBeNull();
    await age(paymentId);
    await server.app.reconciler.settleStale();
    expect(await paymentState(paymentId)).toMatchObject({ state: 'otp_required' });
    const right = await o.client.call('/api/id/payment/otp', { method: 'POST', json: { paymentId, otp: '123456' } });
    expect(right.body.data.state).toBe('succeeded');
    expect(await orderState(o.orderId)).toBe('paid');
  });

  it('cancelling while the shopper types the password closes the gateway charge: it then pays nothing', async () => {
    const o = await unpaidOrder();
    const r = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...OTP_CARD },
    });
    const paymentId = r.body.data.payment_id as string;
    expect(
      (await o.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: o.orderId } })).body.errno,
    ).toBe(0);
    const late = await o.client.call('/api/id/payment/otp', { method: 'POST', json: { paymentId, otp: '123456' } });
    expect(late.status).toBe(404);
    const providerRef = (
      await server.db.query<{ provider_ref: string }>(`SELECT provider_ref FROM payments WHERE id = $1`, [paymentId])
    )[0]!.provider_ref;
    expect(await gateway().confirmOtp(providerRef, '123456')).toMatchObject({ status: 'declined', code: 'cancelled' });
    expect(await orderState(o.orderId)).toBe('cancelled');
  });

  it('a charge landing on a closed order is refunded through the gateway; the shopper sees the refund', async () => {
    const o = await unpaidOrder();
    const p = await started(o.userId, o.orderId);
    // A provider that charges although the order closed (a real gateway answering late): the store closes the order
    // meanwhile.
    await gateway().charge({
      reference: paymentReference(p.id),
      amountMinor: p.amount,
      currency: p.currency,
      source: card(),
      tokenize: false,
    });
    await server.db.query(
      `UPDATE orders SET state = 'cancelled', cancelled_at = now(), cancel_reason = 'staff' WHERE id = $1`,
      [o.orderId],
    );
    await age(p.id);
    await server.app.reconciler.settleStale();
    expect(await paymentState(p.id)).toMatchObject({ state: 'reversed', failure_code: 'order_closed' });
    let detail = (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data.order;
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        amount: p.amount,
        currency: 'IDR',
        reason: 'order_closed',
        state: 'pending',
        refunded_at: null,
      }),
    ]);
    // Two processes running the refund job at once refund once.
    await Promise.all([server.app.refundJob.run(), server.app.refundJob.run()]);
    detail = (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data.order;
    expect(detail.refunds).toEqual([expect.objectContaining({ state: 'succeeded', refunded_at: expect.any(Number) })]);
    const refunded = await server.db.query<{ amount: string }>(
      `SELECT amount FROM sandbox_refunds WHERE charge_ref = (SELECT provider_ref FROM payments WHERE id = $1)`,
      [p.id],
    );
    expect(refunded.map((r) => Number(r.amount))).toEqual([p.amount]);
    const inbox = (await o.client.call('/api/id/message/list')).body.data;
    const titles = JSON.stringify(inbox);
    expect(titles).toMatch(/akan dikembalikan/);
    expect(titles).toMatch(/Pengembalian dana untuk pesanan \d+ telah dikirim/);
    expect(await readPaymentBooks(server.db)).toMatchObject({ keptWithoutOrder: 0, refundsOwed: 0 });
  });

  it('a second charge for an order another payment already paid is refunded as a duplicate', async () => {
    const o = await unpaidOrder();
    const first = await started(o.userId, o.orderId);
    await gateway().charge({
      reference: paymentReference(first.id),
      amountMinor: first.amount,
      currency: first.currency,
      source: card(),
      tokenize: false,
    });
    await age(first.id);
    await server.app.reconciler.settleStale();
    expect(await orderState(o.orderId)).toBe('paid');
    // A payment row and a charge the gateway made for it anyway (a provider that ignored the store's refusal).
    const second = (
      await server.db.query<{ id: string }>(
        `INSERT INTO payments (order_id, provider, method, state, amount, currency, updated_at)
         VALUES ($1, 'sandbox', 'card', 'pending', $2, $3, now() - interval '1 minute') RETURNING id::text AS id`,
        [o.orderId, first.amount, first.currency],
      )
    )[0]!.id;
    await gateway().charge({
      reference: paymentReference(second),
      amountMinor: first.amount,
      currency: first.currency,
      source: card(),
      tokenize: false,
    });
    await server.app.reconciler.settleStale();
    expect(await paymentState(second)).toMatchObject({ state: 'reversed', failure_code: 'duplicate' });
    await server.app.refundJob.run();
    expect(await readPaymentBooks(server.db)).toMatchObject({ keptWithoutOrder: 0, chargedTwice: 0, refundsOwed: 0 });
  });

  it('a refund the provider refuses is left failed for staff, never retried into a second refund', async () => {
    const o = await unpaidOrder();
    await server.db.query(
      `INSERT INTO refunds (order_id, amount, currency, reason, due_by, provider, provider_ref)
       VALUES ($1, 1000, 'IDR', 'order_closed', now() + interval '21 days', 'sandbox', 'ch_no_such_charge')`,
      [o.orderId],
    );
    await server.app.refundJob.run();
    const rows = await server.db.query<{ state: string; failure_code: string }>(
      `SELECT state, failure_code FROM refunds WHERE order_id = $1`,
      [o.orderId],
    );
    expect(rows).toEqual([{ state: 'failed', failure_code: 'unknown_charge' }]);
  });

  it('leaving the pay-later page to pay by card closes the session: approving it later takes nothing', async () => {
    const o = await bnplOrder();
    const started = await o.client.call('/api/id/payment/bnpl/start', {
      method: 'POST',
      json: { orderId: o.orderId, provider: 'kredivo' },
    });
    expect(started.body.errno).toBe(0);
    // At once it is a double click, and waits for the first; a while later the shopper has left the provider's page.
    expect(
      (await o.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: o.orderId, ...CARD } })).body
        .errno,
    ).toBe(Errno.ORDER_NOT_PAYABLE);
    await age(started.body.data.payment_id);
    const byCard = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...CARD },
    });
    expect(byCard.body.data.state).toBe('succeeded');
    const approve = await o.client.fetch(new URL(started.body.data.redirect_url as string).pathname, {
      method: 'POST',
      form: { decision: 'approve' },
      headers: { origin: server.base },
    });
    expect(new URL(approve.headers.get('location')!).searchParams.get('status')).toBe('expired');
    expect(await readPaymentBooks(server.db)).toMatchObject({ keptWithoutOrder: 0, chargedTwice: 0 });
    const session = await server.db.query<{ status: string }>(
      `SELECT status FROM sandbox_bnpl_sessions WHERE reference = $1`,
      [paymentReference(started.body.data.payment_id)],
    );
    expect(session).toEqual([{ status: 'expired' }]);
  });

  /** An unpaid order in Kredivo's amount range. */
  const bnplOrder = () => placeUnpaidOrder(server, { price: 2_000_000 });

  it('closing an order while its shopper is on the pay-later page expires the session: approval is void', async () => {
    const { client, orderId } = await bnplOrder();
    const s = { client };
    const startedBnpl = await s.client.call('/api/id/payment/bnpl/start', {
      method: 'POST',
      json: { orderId, provider: 'kredivo' },
    });
    expect(startedBnpl.body.errno, JSON.stringify(startedBnpl.body)).toBe(0);
    const page = new URL(startedBnpl.body.data.redirect_url as string).pathname;
    expect((await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId } })).body.errno).toBe(0);
    const approve = await s.client.fetch(page, {
      method: 'POST',
      form: { decision: 'approve' },
      headers: { origin: server.base },
    });
    expect(new URL(approve.headers.get('location')!).searchParams.get('status')).toBe('expired');
    await s.client.fetch(
      new URL(approve.headers.get('location')!).pathname + new URL(approve.headers.get('location')!).search,
    );
    expect(await orderState(orderId)).toBe('cancelled');
    const session = await server.db.query<{ status: string }>(
      `SELECT status FROM sandbox_bnpl_sessions WHERE reference = $1`,
      [paymentReference(startedBnpl.body.data.payment_id)],
    );
    expect(session).toEqual([{ status: 'expired' }]);
  });
});
