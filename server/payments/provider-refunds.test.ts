import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { unpaidOrder } from '../test-support/shoppers';
import { sandboxGateway } from './sandbox-gateway';
import { bnplSandbox } from './bnpl-sandbox';
import { refundJob, type Refunder } from './refund-job';
import type { RefundOutcome, RefundRequest } from './provider';
import { staffMember } from '../test-support/staff';
import { paidOrder } from '../test-support/paid-orders';
import { REFUND_ATTEMPTS } from '../repositories/refunds';

const card = {
  card: { number: '4242424242424242', expiry: { month: 12, year: 2034 }, cvv: '123', holder: 'Budi Santoso' },
};

/**
 * Every provider the store takes money through pays refunds: the card gateway (cards, saved cards, instalments, card
 * parts of a split payment) and the pay-later provider, in part and in full, the same reference twice once, never
 * above the charge. The refund job pays them with retries; a refund that fails is shown to staff to retry or pay.
 */
describe.each(drivers)('provider refunds (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** The rules every provider's refund keeps, on a charge of `amount` it made under `providerRef`. */
  async function refundRules(
    refund: (r: RefundRequest) => Promise<RefundOutcome>,
    providerRef: string,
    amount: number,
  ) {
    const ask = (reference: string, amountMinor: number) =>
      refund({ reference, providerRef, amountMinor, currency: 'IDR' });
    const first = await ask(`refund_a${providerRef}`, 300);
    expect(first.status).toBe('succeeded');
    // The same reference again refunds once: the same answer, nothing more taken back.
    expect(await ask(`refund_a${providerRef}`, 300)).toEqual(first);
    // Parallel refunds above the charge: the gateway's row lock lets only what the charge holds through.
    const rest = amount - 300;
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ask(`refund_b${i}${providerRef}`, Math.ceil(rest / 3))),
    );
    const granted = racing.filter((r) => r.status === 'succeeded').length;
    expect(granted).toBe(Math.floor(rest / Math.ceil(rest / 3)));
    expect(
      racing.filter((r) => r.status === 'failed').every((r) => r.status === 'failed' && r.code === 'not_refundable'),
    ).toBe(true);
    const left = rest - granted * Math.ceil(rest / 3);
    expect(await ask(`refund_c${providerRef}`, left + 1)).toEqual({ status: 'failed', code: 'not_refundable' });
    if (left > 0) expect((await ask(`refund_d${providerRef}`, left)).status).toBe('succeeded');
    expect(await ask(`refund_e${providerRef}`, 1)).toEqual({ status: 'failed', code: 'not_refundable' });
    expect(await refund({ reference: 'refund_x', providerRef: 'ch_unknown', amountMinor: 1, currency: 'IDR' })).toEqual(
      { status: 'failed', code: 'unknown_charge' },
    );
  }

  it('the card gateway: partial, full, the same reference once, never above the charge', async () => {
    const gateway = sandboxGateway(server.db);
    const charged = await gateway.charge({
      reference: `pay_t${Date.now()}`,
      amountMinor: 10_000,
      currency: 'IDR',
      source: card,
      tokenize: false,
    });
    if (charged.status !== 'succeeded') throw new Error(charged.status);
    await refundRules(gateway.refund, charged.providerRef, 10_000);
  });

  it('the pay-later provider: partial, full, the same reference once, never above the charge', async () => {
    const bnpl = bnplSandbox(server.db);
    const o = await unpaidOrder(server);
    const { session } = await bnpl.createSession({
      reference: `pay_b${o.orderId}`,
      offer: 'kredivo',
      amountMinor: 20_000,
      currency: 'IDR',
      userId: o.userId,
      urlLocal: 'id',
      callbackUrl: 'http://127.0.0.1/cb',
    });
    // Not approved yet: nothing to refund.
    expect(
      (await bnpl.refund({ reference: 'r0', providerRef: session.sessionRef, amountMinor: 1, currency: 'IDR' })).status,
    ).toBe('failed');
    await bnpl.decide(session.sessionRef, o.userId, 'approved');
    await refundRules(bnpl.refund, session.sessionRef, 20_000);
  });

  it('an order paid later (Kredivo), cancelled: the refund job pays it back through that provider', async () => {
    const o = await unpaidOrder(server, { price: 2_000_000 });
    const started = await o.client.call('/api/id/payment/bnpl/start', {
      method: 'POST',
      json: { orderId: o.orderId, provider: 'kredivo' },
    });
    expect(started.body.errno).toBe(0);
    const path = new URL(started.body.data.redirect_url).pathname;
    const answered = await o.client.fetch(path, {
      method: 'POST',
      form: { decision: 'approve' },
      headers: { origin: server.base },
    });
    const callback = new URL(answered.headers.get('location')!);
    await o.client.fetch(callback.pathname + callback.search);
    const order = async () => (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data.order;
    expect((await order()).state).toBe('paid');
    const cancelled = await o.client.call('/api/id/order/cancel', {
      method: 'POST',
      json: { orderId: o.orderId, refund: true },
    });
    expect(cancelled.body.data.refunded).toBe((await order()).amounts.total);
    expect((await order()).refunds).toMatchObject([{ state: 'pending', destination: { kind: 'pay_later' } }]);
    await server.app.refundJob.run();
    expect((await order()).refunds).toMatchObject([{ state: 'succeeded' }]);
    const books = await server.db.query<{ provider: string; amount: string }>(
      `SELECT s.provider, s.amount FROM sandbox_refunds s JOIN refunds r ON s.reference = 'refund_' || r.id
       WHERE r.order_id = $1`,
      [o.orderId],
    );
    expect(books.map((b) => [b.provider, Number(b.amount)])).toEqual([['bnpl-sandbox', (await order()).amounts.total]]);
  });

  it('a provider that does not answer is tried again with backoff; one that refuses is shown to staff', async () => {
    const o = await paidOrder(server);
    const staff = await staffMember(server);
    const queue = async () =>
      (await staff.client.call('/api/id/staff/refunds/queue')).body.data.refunds.filter(
        (r: { order_id: string }) => r.order_id === o.orderId,
      );
    // A gateway that is down for the first two tries, then answers.
    let down = 2;
    const real = server.app.paymentProvider;
    const flaky: Refunder = {
      id: real.id,
      refund: async (request) => {
        if (down-- > 0) throw new Error('connect ETIMEDOUT');
        return real.refund(request);
      },
    };
    const job = refundJob({
      db: server.db,
      refunds: server.app.repos.refunds,
      providers: [flaky],
      log: server.app.log,
    });
    await o.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: o.orderId, refund: true } });
    const row = async () =>
      (
        await server.db.query<{
          id: string;
          state: string;
          attempts: number;
          failure_code: string | null;
          wait: number;
        }>(
          `SELECT id::text AS id, state, attempts, failure_code,
             extract(epoch FROM next_attempt_at - now())::float8 AS wait FROM refunds WHERE order_id = $1`,
          [o.orderId],
        )
      )[0]!;
    await job.run();
    expect(await row()).toMatchObject({ state: 'pending', attempts: 1, failure_code: 'provider_unreachable' });
    expect((await row()).wait).toBeGreaterThan(20);
    // Not due yet: the next run leaves it alone; once due it is tried again (the wait doubles).
    expect(await job.run()).toBe(0);
    await server.db.query(`UPDATE refunds SET next_attempt_at = now() WHERE order_id = $1`, [o.orderId]);
    await job.run();
    expect(await row()).toMatchObject({ state: 'pending', attempts: 2 });
    expect((await row()).wait).toBeGreaterThan(50);
    await server.db.query(`UPDATE refunds SET next_attempt_at = now() WHERE order_id = $1`, [o.orderId]);
    await job.run();
    expect(await row()).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(await queue()).toEqual([]);

    // A refund the provider refuses (its charge is unknown to the gateway) fails at once and waits in staff's queue.
    const p = await paidOrder(server);
    await server.db.query(`UPDATE payments SET provider_ref = 'ch_gone' WHERE order_id = $1`, [p.orderId]);
    await p.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: p.orderId, refund: true } });
    await server.app.refundJob.run();
    const failed = (await staff.client.call('/api/id/staff/refunds/queue')).body.data.refunds.find(
      (r: { order_id: string }) => r.order_id === p.orderId,
    );
    expect(failed).toMatchObject({
      state: 'failed',
      failure_code: 'unknown_charge',
      attempts: 1,
      can_retry: true,
      can_mark_done: true,
      reason: 'cancelled',
      email: p.email,
    });
    const steps = await server.db.query<{ kind: string }>(
      `SELECT kind FROM order_events WHERE order_id = $1 AND kind = 'refund_failed'`,
      [p.orderId],
    );
    expect(steps).toHaveLength(1);
    // Staff retry it (refused again: still in the queue, tried once more), then pay it by hand: out of the queue.
    const retried = await staff.client.call('/api/id/staff/refunds/retry', {
      method: 'POST',
      json: { refundId: failed.id },
    });
    expect(retried.body.data.refund).toMatchObject({ state: 'failed', attempts: 1 });
    const done = await staff.client.call('/api/id/staff/refunds/done', {
      method: 'POST',
      json: { refundId: failed.id },
    });
    expect(done.body.data.refund.state).toBe('done');
    expect(
      (await staff.client.call('/api/id/staff/refunds/queue')).body.data.refunds.some(
        (r: { order_id: string }) => r.order_id === p.orderId,
      ),
    ).toBe(false);
    // A provider that never answers: at its last try the refund is failed for staff too.
    const q = await paidOrder(server);
    await q.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: q.orderId, refund: true } });
    await server.db.query(`UPDATE refunds SET attempts = $2 WHERE order_id = $1`, [q.orderId, REFUND_ATTEMPTS - 1]);
    const dead: Refunder = {
      id: real.id,
      refund: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    await refundJob({ db: server.db, refunds: server.app.repos.refunds, providers: [dead], log: server.app.log }).run();
    expect(
      (await staff.client.call('/api/id/staff/refunds/queue')).body.data.refunds.find(
        (r: { order_id: string }) => r.order_id === q.orderId,
      ),
    ).toMatchObject({ state: 'failed', failure_code: 'provider_unreachable', attempts: REFUND_ATTEMPTS });
    // Shoppers cannot read the queue.
    expect((await p.client.call('/api/id/staff/refunds/queue')).body.errno).not.toBe(0);
  });
});
