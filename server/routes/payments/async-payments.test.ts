import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { unpaidOrder } from '../../test-support/shoppers';
import { signWebhook } from '../../payments/webhook-signature';
import { Errno } from '../../errors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SECRET = 'test-async-webhook-secret-0123456789abcdef';
const HOOK = '/api/payments/webhooks/async-sandbox';

type Shopper = Awaited<ReturnType<typeof unpaidOrder>>;

// Within every Indonesian wallet's and QRIS's maximum, so the method guard lets each start through.
const payable = (server: TestServer) => unpaidOrder(server, { price: 1_000_000 });

async function start(s: Shopper, json: Record<string, unknown>) {
  const r = await s.client.call('/api/id/payment/async/start', {
    method: 'POST',
    json: { orderId: s.orderId, device: 'desktop', ...json },
  });
  expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
  return r.body.data as {
    payment_id: string;
    action: { kind: string; url?: string; svg?: string; page_url?: string };
    result_url: string;
  };
}

/** The sandbox's id of our payment (what its pages and webhooks name). */
async function providerRef(server: TestServer, paymentId: string): Promise<string> {
  return (
    await server.db.query<{ ref: string }>(`SELECT ref FROM sandbox_async_payments WHERE reference = $1`, [
      `pay_${paymentId}`,
    ])
  )[0]!.ref;
}

/** A webhook as the provider signs it: a fresh event id unless given, signed now unless `at` says otherwise. */
function webhook(ref: string, status: string, options: { eventId?: string; at?: Date; secret?: string } = {}) {
  const eventId = options.eventId ?? `evt_${randomBytes(18).toString('base64url')}`;
  const body = JSON.stringify({ id: eventId, type: 'payment_updated', data: { ref, status } });
  const signature = signWebhook(Buffer.from(options.secret ?? SECRET), body, options.at ?? new Date());
  return { eventId, body, signature };
}

const post = (base: string, hook: { body: string; signature: string }) =>
  new Client(base).call(HOOK, {
    method: 'POST',
    body: hook.body,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': hook.signature },
  });

async function orderState(server: TestServer, orderId: string): Promise<string> {
  return (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;
}

async function successes(server: TestServer, orderId: string): Promise<number> {
  return (
    await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND state = 'succeeded'`,
      [orderId],
    )
  )[0]!.n;
}

async function result(s: Shopper, paymentId: string) {
  const r = await s.client.call(`/api/id/payment/async/${paymentId}`);
  expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
  return r.body.data as { state: string; failure_code: string | null };
}

describe.each(drivers)('async payments: e-wallet by redirect and QRIS by QR (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ASYNC_PAYMENT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => server?.close());

  it('QRIS on desktop: a QR to scan, the sandbox page approves, the signed webhook pays the order once', async () => {
    const s = await payable(server);
    const started = await start(s, { method: 'qris' });
    expect(started.action.kind).toBe('qr');
    expect(started.action.svg).toMatch(/^<svg [^>]*viewBox/);
    const page = await s.client.fetch(new URL(started.action.page_url!).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="async-sandbox-qr"');
    // The browser has not come back and no webhook has arrived: the order waits.
    expect((await result(s, started.payment_id)).state).toBe('pending');
    const ref = await providerRef(server, started.payment_id);
    const approved = await s.client.fetch(`/api/id/pay/async/sandbox/${ref}`, {
      method: 'POST',
      form: { decision: 'approve' },
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toContain(started.result_url);
    // The sandbox posted its webhook to the store; the next round sends anything it missed.
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    expect(await server.app.asyncSandbox!.undelivered()).toEqual([]);
    // The first delivery may still be recording while the retry is answered as a duplicate.
    for (let i = 0; i < 50 && (await orderState(server, s.orderId)) !== 'paid'; i++) await sleep(20);
    expect(await orderState(server, s.orderId)).toBe('paid');
    expect((await result(s, started.payment_id)).state).toBe('paid');
    expect(await successes(server, s.orderId)).toBe(1);
  });

  it('an e-wallet sends a phone to its app by deep link, a desktop to its page', async () => {
    const s = await payable(server);
    const desktop = await start(s, { method: 'ewallet', wallet: 'gopay' });
    expect(desktop.action.kind).toBe('redirect');
    expect(desktop.action.url).not.toContain('via=app');
    const again = await payable(server);
    const phone = await start(again, { method: 'ewallet', wallet: 'ovo', device: 'mobile' });
    expect(phone.action.url).toContain('via=app');
    const noWallet = await again.client.call('/api/id/payment/async/start', {
      method: 'POST',
      json: { orderId: again.orderId, method: 'ewallet', device: 'desktop' },
    });
    expect(noWallet.body.errno).not.toBe(0);
  });

  it('refuses a method the order may not use (QRIS above its maximum), opening nothing', async () => {
    const big = await unpaidOrder(server, { price: 12_000_000 });
    const call = (json: Record<string, unknown>) =>
      big.client.call('/api/id/payment/async/start', {
        method: 'POST',
        json: { orderId: big.orderId, device: 'desktop', ...json },
      });
    const refused = await Promise.all(Array.from({ length: 5 }, () => call({ method: 'qris' })));
    for (const r of refused) expect(r.body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    const opened = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE order_id = $1`, [
      big.orderId,
    ]);
    expect(opened[0]!.n).toBe(0);
    // The wallet within its own maximum still pays the same order.
    expect((await call({ method: 'ewallet', wallet: 'gopay' })).body.errno).toBe(0);
  });

  it('a cancellation on the wallet fails the payment; the order stays payable', async () => {
    const s = await payable(server);
    const started = await start(s, { method: 'ewallet', wallet: 'dana' });
    const ref = await providerRef(server, started.payment_id);
    const cancelled = await s.client.fetch(`/api/id/pay/async/sandbox/${ref}`, {
      method: 'POST',
      form: { decision: 'cancel' },
    });
    expect(cancelled.status).toBe(303);
    expect(await result(s, started.payment_id)).toMatchObject({ state: 'failed', failure_code: 'cancelled' });
    expect(await orderState(server, s.orderId)).toBe('unpaid');
    await start(s, { method: 'qris' });
  });

  it('an abandoned approval expires on the sweep; approving it afterwards takes nothing', async () => {
    const s = await payable(server);
    const started = await start(s, { method: 'qris' });
    await server.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      started.payment_id,
    ]);
    await server.app.reconciler.settleStale();
    expect(await result(s, started.payment_id)).toMatchObject({ state: 'expired', failure_code: 'expired' });
    const ref = await providerRef(server, started.payment_id);
    await s.client.fetch(`/api/id/pay/async/sandbox/${ref}`, { method: 'POST', form: { decision: 'approve' } });
    expect(await orderState(server, s.orderId)).toBe('unpaid');
    expect(await successes(server, s.orderId)).toBe(0);
    // The order's own window still runs: the shopper pays again.
    await start(s, { method: 'ewallet', wallet: 'gopay' });
  });

  it('10 parallel starts of one order open one payment; the others are told a payment is under way', async () => {
    const s = await payable(server);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.client.call('/api/id/payment/async/start', {
          method: 'POST',
          json: {
            orderId: s.orderId,
            device: 'desktop',
            ...(i % 2 ? { method: 'qris' } : { method: 'ewallet', wallet: 'gopay' }),
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errno === Errno.ORDER_NOT_PAYABLE)).toHaveLength(9);
    const opened = await server.db.query(
      `SELECT 1 FROM sandbox_async_payments sp JOIN payments p
      ON sp.reference = 'pay_' || p.id WHERE p.order_id = $1`,
      [s.orderId],
    );
    expect(opened).toHaveLength(1);
  });

  it("never lets an approval outlive the order's payment window", async () => {
    const s = await payable(server);
    await server.db.query(`UPDATE orders SET pay_before = now() + interval '5 minutes' WHERE id = $1`, [s.orderId]);
    const started = await start(s, { method: 'qris' });
    const [row] = await server.db.query<{ left_s: number }>(
      `SELECT extract(epoch FROM p.expires_at - o.pay_before)::float8 AS left_s
       FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1`,
      [started.payment_id],
    );
    expect(row!.left_s).toBe(0);
    const shopperSees = (await result(s, started.payment_id)) as { expires_at?: number };
    expect(shopperSees.expires_at).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
  });

  it('refuses a forged, a stale and a malformed webhook, and handles a replayed one once', async () => {
    const s = await payable(server);
    const started = await start(s, { method: 'qris' });
    const ref = await providerRef(server, started.payment_id);
    await server.db.query(`UPDATE sandbox_async_payments SET status = 'paid' WHERE ref = $1`, [ref]);
    const forged = await post(server.base, webhook(ref, 'paid', { secret: 'not-the-secret-0123456789abcdefgh' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'bad_signature' } });
    const stale = await post(server.base, webhook(ref, 'paid', { at: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'stale' } });
    const unsigned = await post(server.base, { body: webhook(ref, 'paid').body, signature: '' });
    expect(unsigned.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'malformed' } });
    // The same bytes with another status keep the signature of the first: refused.
    const genuine = webhook(ref, 'paid');
    const tampered = await post(server.base, { ...genuine, body: genuine.body.replace('"paid"', '"cancelled"') });
    expect(tampered.body.errno).toBe(Errno.ASYNC_WEBHOOK_REFUSED);
    expect(await orderState(server, s.orderId)).toBe('unpaid');
    const first = await post(server.base, genuine);
    expect(first.body).toMatchObject({ errno: 0, data: { handled: true, duplicate: false } });
    const replay = await post(server.base, genuine);
    expect(replay.body).toMatchObject({ errno: 0, data: { handled: false, duplicate: true } });
    expect(await orderState(server, s.orderId)).toBe('paid');
    expect(await successes(server, s.orderId)).toBe(1);
  });

  it('pays once whether the webhook comes before the browser returns or after', async () => {
    for (const webhookFirst of [true, false]) {
      const s = await payable(server);
      const started = await start(s, { method: 'ewallet', wallet: 'shopeepay' });
      const ref = await providerRef(server, started.payment_id);
      // Approved on the wallet; its webhook is held back so the test orders the two arrivals.
      await server.app.asyncSandbox!.decide(ref, s.userId, 'paid');
      const [hook] = await server.app.asyncSandbox!.undelivered();
      expect(hook).toBeDefined();
      // The sandbox's own resend round (every 5 s) may post the same event meanwhile: then this one is its duplicate.
      const delivered = async () => expect((await post(server.base, hook!)).body.errno).toBe(0);
      if (webhookFirst) {
        await delivered();
        expect((await result(s, started.payment_id)).state).toBe('paid');
      } else {
        expect((await result(s, started.payment_id)).state).toBe('paid');
        await delivered();
      }
      await server.app.asyncSandbox!.delivered(hook!.eventId);
      expect(await successes(server, s.orderId)).toBe(1);
      const paidSteps = await server.db.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND kind = 'paid'`, [
        s.orderId,
      ]);
      expect(paidSteps).toHaveLength(1);
    }
  });

  it('20 parallel confirmations (webhooks with their own event ids and browser returns) pay once', async () => {
    const s = await payable(server);
    const started = await start(s, { method: 'qris' });
    const ref = await providerRef(server, started.payment_id);
    await server.app.asyncSandbox!.decide(ref, s.userId, 'paid');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? post(server.base, webhook(ref, 'paid')).then((r) => r.body.errno)
          : result(s, started.payment_id).then(() => 0),
      ),
    );
    expect(answers.every((errno) => errno === 0)).toBe(true);
    expect(await successes(server, s.orderId)).toBe(1);
    expect(await orderState(server, s.orderId)).toBe('paid');
    const paidSteps = await server.db.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND kind = 'paid'`, [
      s.orderId,
    ]);
    expect(paidSteps).toHaveLength(1);
  });

  it('a late success on a closed order is recorded and refunded through the refunds', async () => {
    const s = await payable(server);
    const started = await start(s, { method: 'qris' });
    const ref = await providerRef(server, started.payment_id);
    await server.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      started.payment_id,
    ]);
    await server.app.reconciler.settleStale();
    const cancelled = await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: s.orderId } });
    expect(cancelled.body.errno, JSON.stringify(cancelled.body)).toBe(0);
    // The wallet took the money at the last second after all (its books say paid), and says so by webhook.
    await server.db.query(`UPDATE sandbox_async_payments SET status = 'paid' WHERE ref = $1`, [ref]);
    expect((await post(server.base, webhook(ref, 'paid'))).body.data).toEqual({ handled: true, duplicate: false });
    expect(await orderState(server, s.orderId)).toBe('cancelled');
    const payment = (
      await server.db.query<{ state: string }>(`SELECT state FROM payments WHERE id = $1`, [started.payment_id])
    )[0]!;
    expect(payment.state).toBe('reversed');
    await server.app.refundJob.run();
    const refunds = await server.db.query<{ state: string; provider: string }>(
      `SELECT state, provider FROM refunds WHERE order_id = $1`,
      [s.orderId],
    );
    expect(refunds).toEqual([{ state: 'succeeded', provider: 'async-sandbox' }]);
  });
});
