import { randomBytes } from 'node:crypto';
import { readQrSvg } from '../../test-support/qr-reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, establishedShopper, saveAddress, unpaidOrder } from '../../test-support/shoppers';
import { signWebhook } from '../../payments/webhook-signature';
import { Errno } from '../../errors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SECRET = 'test-upi-webhook-secret-0123456789abcdefgh';
const HOOK = '/api/payments/webhooks/async-sandbox';
const MUMBAI = {
  recipient: 'Asha Rao',
  phone: '9876543210',
  street: 'Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400020',
  landmark: 'Near Churchgate',
};
let houses = 0;

type Started = {
  payment_id: string;
  flow: string;
  vpa?: string;
  intent_url?: string;
  qr_svg?: string;
  app_url?: string;
  expires_at: number;
  result_url: string;
};

/** A webhook as the provider signs it: a fresh event id unless given, signed now unless `at` says otherwise. */
function webhook(ref: string, status: string, options: { at?: Date; secret?: string } = {}) {
  const eventId = `evt_${randomBytes(18).toString('base64url')}`;
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

describe.each(drivers)('UPI: collect request to a UPI ID and intent / QR (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ASYNC_PAYMENT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => server?.close());

  /** A shopper of /in with one placed, unpaid order of one product at `price` rupees. */
  async function orderIn(price = 20_000) {
    const item = (
      await server.db.query<{ commodity_id: string }>(
        `SELECT c.commodity_id FROM commodities c JOIN products p ON p.id = c.product_id
          JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'in'
         WHERE o.stock > 20 AND p.category <> 'gift-cards' AND p.id NOT IN (SELECT product_id FROM fcodes)
           AND p.id NOT IN (SELECT product_id FROM presale_campaigns) ORDER BY c.commodity_id LIMIT 1`,
      )
    )[0]!;
    await server.db.query(
      `UPDATE offers SET sale_price = $2, market_price = $2, stock = greatest(stock, 1000)
       WHERE commodity_id = $1 AND local = 'in'`,
      [item.commodity_id, price],
    );
    const s = await establishedShopper(server);
    const addressId = await saveAddress(s.client, 'in', { ...MUMBAI, street: `${++houses} Marine Drive` });
    await addToCart(s.client, item.commodity_id, 1, 'in');
    const placed = await s.client.call('/api/in/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
    return { ...s, orderId: placed.body.data.order_id as string };
  }
  type Shopper = Awaited<ReturnType<typeof orderIn>>;

  const call = (s: Shopper, json: Record<string, unknown>) =>
    s.client.call('/api/in/payment/upi/start', {
      method: 'POST',
      json: { orderId: s.orderId, device: 'desktop', ...json },
    });

  async function start(s: Shopper, json: Record<string, unknown>): Promise<Started> {
    const r = await call(s, json);
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    return r.body.data as Started;
  }

  async function providerRef(paymentId: string): Promise<string> {
    return (
      await server.db.query<{ ref: string }>(`SELECT ref FROM sandbox_async_payments WHERE reference = $1`, [
        `pay_${paymentId}`,
      ])
    )[0]!.ref;
  }

  const orderState = async (orderId: string) =>
    (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;
  const successes = async (orderId: string) =>
    (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND state = 'succeeded'`,
        [orderId],
      )
    )[0]!.n;
  const paymentsOf = async (orderId: string) =>
    (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE order_id = $1`, [orderId]))[0]!
      .n;

  async function result(s: Shopper, paymentId: string) {
    const r = await s.client.call(`/api/in/payment/async/${paymentId}`);
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    return r.body.data as { state: string; failure_code: string | null; expires_at: number | null };
  }

  /** Waits for the sandbox's own webhook (sent when the app page decides) to pay the order. */
  async function paidSoon(orderId: string) {
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    for (let i = 0; i < 50 && (await orderState(orderId)) !== 'paid'; i++) await sleep(20);
  }

  it('collect: the request waits in the UPI app of the typed UPI ID; approving there pays the order once', async () => {
    const s = await orderIn();
    const started = await start(s, { flow: 'collect', vpa: '  Asha.Rao-99@OkAxis ' });
    expect(started).toMatchObject({ flow: 'collect', vpa: 'asha.rao-99@okaxis' });
    expect(started.intent_url).toBeUndefined();
    // The UPI window: ten minutes from now (the order's own window is longer).
    expect(Math.abs(started.expires_at - (Date.now() + 10 * 60_000))).toBeLessThan(5_000);
    expect((await result(s, started.payment_id)).state).toBe('pending');
    const appPage = await s.client.fetch(new URL(started.app_url!).pathname);
    expect(appPage.status).toBe(200);
    const html = await appPage.text();
    const ref = await providerRef(started.payment_id);
    expect(html).toContain(`data-ref="${ref}"`);
    // Another account sees no request of this one in the same UPI app.
    const stranger = await establishedShopper(server);
    expect(await (await stranger.client.fetch(new URL(started.app_url!).pathname)).text()).not.toContain(ref);
    const approved = await s.client.fetch(`/api/in/pay/upi/sandbox/pay/${ref}`, {
      method: 'POST',
      form: { decision: 'approve' },
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toContain(started.result_url);
    await paidSoon(s.orderId);
    expect(await orderState(s.orderId)).toBe('paid');
    expect((await result(s, started.payment_id)).state).toBe('paid');
    expect(await successes(s.orderId)).toBe(1);
  });

  it('intent: a desktop gets the upi://pay link as a scannable QR; the scanning app approves', async () => {
    const s = await orderIn(12_345);
    const started = await start(s, { flow: 'intent' });
    expect(started.flow).toBe('intent');
    const ref = await providerRef(started.payment_id);
    const link = new URL(started.intent_url!);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      pa: 'mistore@sandbox',
      am: '12345.00',
      cu: 'INR',
      tr: ref,
    });
    // The QR decodes back to the same link.
    expect(readQrSvg(started.qr_svg!)).toBe(started.intent_url);
    const scan = await s.client.fetch(new URL(started.app_url!).pathname);
    expect(await scan.text()).toContain('data-testid="upi-sandbox-qr"');
    await s.client.fetch(`/api/in/pay/upi/sandbox/pay/${ref}`, { method: 'POST', form: { decision: 'approve' } });
    await paidSoon(s.orderId);
    expect(await orderState(s.orderId)).toBe('paid');
    expect(await successes(s.orderId)).toBe(1);
  });

  it('a declined request fails the payment (app page, declining test UPI ID); the order stays payable', async () => {
    const s = await orderIn();
    const started = await start(s, { flow: 'collect', vpa: 'asha@okicici' });
    const ref = await providerRef(started.payment_id);
    await s.client.fetch(`/api/in/pay/upi/sandbox/pay/${ref}`, { method: 'POST', form: { decision: 'decline' } });
    expect(await result(s, started.payment_id)).toMatchObject({ state: 'failed', failure_code: 'cancelled' });
    expect(await orderState(s.orderId)).toBe('unpaid');
    const again = await start(s, { flow: 'collect', vpa: 'fail@sandbox' });
    expect(await result(s, again.payment_id)).toMatchObject({ state: 'failed', failure_code: 'cancelled' });
    // The decline also comes as the sandbox's signed webhook, handled once.
    expect(await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`)).toBeGreaterThan(0);
    expect(await orderState(s.orderId)).toBe('unpaid');
    await start(s, { flow: 'intent' });
  });

  it('a collect request not approved in its window expires on the sweep; approving later takes nothing', async () => {
    const s = await orderIn();
    const started = await start(s, { flow: 'collect', vpa: 'late@ybl' });
    await server.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      started.payment_id,
    ]);
    await server.app.reconciler.settleStale();
    expect(await result(s, started.payment_id)).toMatchObject({ state: 'expired', failure_code: 'expired' });
    const ref = await providerRef(started.payment_id);
    const page = await (await s.client.fetch(new URL(started.app_url!).pathname)).text();
    expect(page).toContain('data-testid="upi-sandbox-state"');
    expect(page).not.toContain('data-testid="upi-approve"');
    await s.client.fetch(`/api/in/pay/upi/sandbox/pay/${ref}`, { method: 'POST', form: { decision: 'approve' } });
    expect(await orderState(s.orderId)).toBe('unpaid');
    expect(await successes(s.orderId)).toBe(0);
  });

  it("never lets a UPI request outlive the order's payment window", async () => {
    const s = await orderIn();
    await server.db.query(`UPDATE orders SET pay_before = now() + interval '3 minutes' WHERE id = $1`, [s.orderId]);
    const started = await start(s, { flow: 'collect', vpa: 'asha@okhdfcbank' });
    expect(started.expires_at).toBeLessThanOrEqual(Date.now() + 3 * 60_000 + 1000);
  });

  it('refuses a UPI ID that breaks the rule (10 abusive ones in parallel), opening no payment', async () => {
    const s = await orderIn();
    const abusive = [
      'asha',
      'a@b',
      'asha@okaxis1',
      'asha@@okaxis',
      "' OR 1=1--@okaxis",
      '<script>alert(1)</script>@okaxis',
      `${'x'.repeat(257)}@okaxis`,
      'आशा@upi',
      'asha@ok axis',
      'asha\n@okaxis',
    ];
    const answers = await Promise.all(abusive.map((vpa) => call(s, { flow: 'collect', vpa })));
    for (const [i, a] of answers.entries()) {
      expect(a.status, abusive[i]).toBe(200);
      expect(a.body, abusive[i]).toMatchObject({ errno: Errno.UPI_ID_INVALID, data: { field: 'vpa' } });
      expect(a.body.errmsg).toMatch(/UPI ID/);
    }
    expect((await call(s, { flow: 'collect' })).body.errno).toBe(Errno.UPI_ID_INVALID);
    // Beyond the body's bound the schema refuses it, still with an envelope and no 5xx.
    const huge = await call(s, { flow: 'collect', vpa: `${'x'.repeat(2000)}@okaxis` });
    expect(huge.status).toBeLessThan(500);
    expect(huge.body.errno).not.toBe(0);
    expect(await paymentsOf(s.orderId)).toBe(0);
  });

  it('the provider answers for the UPI ID: unknown, or not verifiable now ("get token failed")', async () => {
    const s = await orderIn();
    const unknown = await call(s, { flow: 'collect', vpa: 'unknown@sandbox' });
    expect(unknown.body).toMatchObject({ errno: Errno.UPI_ID_UNKNOWN, data: { field: 'vpa' } });
    const down = await call(s, { flow: 'collect', vpa: 'unavailable@sandbox' });
    expect(down.body).toMatchObject({ errno: Errno.UPI_ID_UNVERIFIED, data: { field: 'vpa' } });
    expect(down.body.errmsg).toMatch(/get token failed/i);
    expect(await paymentsOf(s.orderId)).toBe(0);
    // The intent needs no UPI ID: the shopper pays by QR meanwhile.
    await start(s, { flow: 'intent' });
  });

  it("refuses UPI above /in's maximum (₹1,00,000), opening nothing; the e-wallet start does not take UPI", async () => {
    const big = await orderIn(120_000);
    const refused = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(big, i % 2 ? { flow: 'intent' } : { flow: 'collect', vpa: 'asha@ybl' })),
    );
    for (const r of refused)
      expect(r.body).toMatchObject({ errno: Errno.PAYMENT_METHOD_NOT_OFFERED, data: { reason: 'above_maximum' } });
    expect(await paymentsOf(big.orderId)).toBe(0);
    const s = await orderIn();
    const viaAsync = await s.client.call('/api/in/payment/async/start', {
      method: 'POST',
      json: { orderId: s.orderId, method: 'upi', device: 'desktop' },
    });
    expect(viaAsync.body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    expect(await paymentsOf(s.orderId)).toBe(0);
    // Nor in /id, where QRIS is offered and UPI is not: UPI never passes for QRIS there.
    const jakarta = await unpaidOrder(server, { price: 1_000_000 });
    const inJakarta = await jakarta.client.call('/api/id/payment/async/start', {
      method: 'POST',
      json: { orderId: jakarta.orderId, method: 'upi', device: 'desktop' },
    });
    expect(inJakarta.body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    expect(await paymentsOf(jakarta.orderId)).toBe(0);
  });

  it('refuses a forged and a stale webhook, and handles a replayed one once', async () => {
    const s = await orderIn();
    const started = await start(s, { flow: 'collect', vpa: 'asha@paytm' });
    const ref = await providerRef(started.payment_id);
    await server.db.query(`UPDATE sandbox_async_payments SET status = 'paid' WHERE ref = $1`, [ref]);
    const forged = await post(server.base, webhook(ref, 'paid', { secret: 'not-the-secret-0123456789abcdefgh' }));
    expect(forged.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'bad_signature' } });
    const stale = await post(server.base, webhook(ref, 'paid', { at: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'stale' } });
    expect(await orderState(s.orderId)).toBe('unpaid');
    const genuine = webhook(ref, 'paid');
    expect((await post(server.base, genuine)).body).toMatchObject({ errno: 0, data: { handled: true } });
    expect((await post(server.base, genuine)).body).toMatchObject({ errno: 0, data: { duplicate: true } });
    expect(await orderState(s.orderId)).toBe('paid');
    expect(await successes(s.orderId)).toBe(1);
  });

  it('pays once whether the webhook comes before the browser returns or after', async () => {
    for (const webhookFirst of [true, false]) {
      const s = await orderIn();
      const started = await start(s, webhookFirst ? { flow: 'collect', vpa: 'asha@oksbi' } : { flow: 'intent' });
      const ref = await providerRef(started.payment_id);
      await server.app.asyncSandbox!.decide(ref, s.userId, 'paid');
      const [hook] = (await server.app.asyncSandbox!.undelivered()).filter((h) => h.body.includes(ref));
      expect(hook).toBeDefined();
      const delivered = async () => expect((await post(server.base, hook!)).body.errno).toBe(0);
      if (webhookFirst) {
        await delivered();
        expect((await result(s, started.payment_id)).state).toBe('paid');
      } else {
        expect((await result(s, started.payment_id)).state).toBe('paid');
        await delivered();
      }
      await server.app.asyncSandbox!.delivered(hook!.eventId);
      expect(await successes(s.orderId)).toBe(1);
      const paidSteps = await server.db.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND kind = 'paid'`, [
        s.orderId,
      ]);
      expect(paidSteps).toHaveLength(1);
    }
  });

  it('20 parallel confirmations (webhooks with own event ids, browser returns, app approvals) pay once', async () => {
    const s = await orderIn();
    const started = await start(s, { flow: 'collect', vpa: 'asha@okaxis' });
    const ref = await providerRef(started.payment_id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? s.client
              .fetch(`/api/in/pay/upi/sandbox/pay/${ref}`, { method: 'POST', form: { decision: 'approve' } })
              .then((r) => (r.status === 303 ? 0 : r.status))
          : i % 3 === 1
            ? post(server.base, webhook(ref, 'paid')).then((r) => (r.body.errno === 0 || r.status === 400 ? 0 : 1))
            : result(s, started.payment_id).then(() => 0),
      ),
    );
    expect(answers.every((a) => a === 0)).toBe(true);
    await paidSoon(s.orderId);
    expect(await successes(s.orderId)).toBe(1);
    expect(await orderState(s.orderId)).toBe('paid');
    const paidSteps = await server.db.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND kind = 'paid'`, [
      s.orderId,
    ]);
    expect(paidSteps).toHaveLength(1);
  });

  it('a late UPI success on a closed order is recorded and refunded through the refunds', async () => {
    const s = await orderIn();
    const started = await start(s, { flow: 'collect', vpa: 'asha@okaxis' });
    const ref = await providerRef(started.payment_id);
    await server.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      started.payment_id,
    ]);
    await server.app.reconciler.settleStale();
    const cancelled = await s.client.call('/api/in/order/cancel', { method: 'POST', json: { orderId: s.orderId } });
    expect(cancelled.body.errno, JSON.stringify(cancelled.body)).toBe(0);
    await server.db.query(`UPDATE sandbox_async_payments SET status = 'paid' WHERE ref = $1`, [ref]);
    expect((await post(server.base, webhook(ref, 'paid'))).body.data).toEqual({ handled: true, duplicate: false });
    expect(await orderState(s.orderId)).toBe('cancelled');
    await server.app.refundJob.run();
    const refunds = await server.db.query<{ state: string }>(`SELECT state FROM refunds WHERE order_id = $1`, [
      s.orderId,
    ]);
    expect(refunds).toEqual([{ state: 'succeeded' }]);
  });
});
