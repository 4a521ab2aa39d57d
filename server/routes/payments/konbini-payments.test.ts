import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, establishedShopper, saveAddress, unpaidOrder } from '../../test-support/shoppers';
import { signWebhook } from '../../payments/webhook-signature';
import { KONBINI_PHONES_WINDOW_MS, KONBINI_WINDOW_MS } from '../../payments/konbini-window';
import { Errno } from '../../errors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SECRET = 'test-konbini-webhook-secret-0123456789abcdef';
const HOOK = '/api/payments/webhooks/async-sandbox';
const COUNTER = '/api/jp/pay/konbini/sandbox/counter';

const TOKYO = {
  recipient: 'Yamada Taro',
  phone: '09012345678',
  street: 'Shibuya 2-21-1',
  city: 'Shibuya-ku',
  state: 'Tokyo',
  postalCode: '1508510',
};
let houses = 0;

interface Code {
  payment_id: string;
  order_id: string;
  store: string;
  code: string;
  confirmation: string | null;
  barcode_svg: string;
  amount: number;
  fee: number;
  currency: string;
  expires_at: number;
  state: string;
  result_url: string;
}

describe.each(drivers)('konbini: pay a code at a convenience-store counter (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ASYNC_PAYMENT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => server?.close());

  /** An ordinary commodity on sale in Japan, a phone or not, with plenty of stock (at `price` yen when given). */
  async function jpCommodity(phones: boolean, price?: number): Promise<string> {
    const rows = await server.db.query<{ commodity_id: string }>(
      `SELECT c.commodity_id FROM commodities c JOIN products p ON p.id = c.product_id
        JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'jp'
       WHERE o.stock > 0 AND o.on_sale AND (p.category = 'phones') = $1 AND p.category <> 'gift-cards'
         AND o.sale_price BETWEEN 1000 AND 200000
         AND p.id NOT IN (SELECT product_id FROM fcodes) AND p.id NOT IN (SELECT product_id FROM presale_campaigns)
       ORDER BY c.commodity_id LIMIT 1`,
      [phones],
    );
    if (!rows[0]) throw new Error(`no ${phones ? 'phone' : 'non-phone'} commodity on sale in jp`);
    const id = rows[0].commodity_id;
    await server.db.query(`UPDATE offers SET stock = greatest(stock, 1000) WHERE commodity_id = $1 AND local = 'jp'`, [
      id,
    ]);
    if (price !== undefined)
      await server.db.query(
        `UPDATE offers SET sale_price = $2, market_price = $2 WHERE commodity_id = $1 AND local = 'jp'`,
        [id, price],
      );
    return id;
  }

  /** A shopper in Japan with one placed, unpaid order of one unit. */
  async function jpOrder(options: { phones?: boolean; price?: number } = {}) {
    const s = await establishedShopper(server);
    const commodityId = await jpCommodity(options.phones ?? false, options.price);
    const addressId = await saveAddress(s.client, 'jp', { ...TOKYO, street: `${TOKYO.street}-${++houses}` });
    await addToCart(s.client, commodityId, 1, 'jp');
    const placed = await s.client.call('/api/jp/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
    return { ...s, commodityId, orderId: placed.body.data.order_id as string };
  }
  type Shopper = Awaited<ReturnType<typeof jpOrder>>;

  const startCall = (s: Pick<Shopper, 'client' | 'orderId'>, store: string, urlLocal = 'jp') =>
    s.client.call(`/api/${urlLocal}/payment/konbini/start`, { method: 'POST', json: { orderId: s.orderId, store } });

  async function start(s: Pick<Shopper, 'client' | 'orderId'>, store = 'seven_eleven', urlLocal = 'jp') {
    const r = await startCall(s, store, urlLocal);
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    return r.body.data as Code;
  }

  const counter = (code: string, confirmation?: string) =>
    new Client(server.base).fetch(COUNTER, {
      method: 'POST',
      form: { code, ...(confirmation ? { confirmation } : {}) },
    });

  async function orderState(orderId: string): Promise<string> {
    return (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;
  }

  async function successes(orderId: string): Promise<number> {
    return (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND state = 'succeeded'`,
        [orderId],
      )
    )[0]!.n;
  }

  async function providerRef(paymentId: string): Promise<string> {
    return (
      await server.db.query<{ ref: string }>(`SELECT ref FROM sandbox_async_payments WHERE reference = $1`, [
        `pay_${paymentId}`,
      ])
    )[0]!.ref;
  }

  async function stock(commodityId: string): Promise<number> {
    return (
      await server.db.query<{ stock: number }>(
        `SELECT stock::int AS stock FROM offers WHERE commodity_id = $1 AND local = 'jp'`,
        [commodityId],
      )
    )[0]!.stock;
  }

  async function view(s: Pick<Shopper, 'client'>, paymentId: string) {
    const r = await s.client.call(`/api/jp/payment/konbini/${paymentId}`);
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    return r.body.data as Code;
  }

  async function waitPaid(orderId: string) {
    for (let i = 0; i < 100 && (await orderState(orderId)) !== 'paid'; i++) await sleep(20);
  }

  /** A webhook as the provider signs it: a fresh event id unless given, signed now unless `at` says otherwise. */
  function webhook(ref: string, status: string, options: { eventId?: string; at?: Date; secret?: string } = {}) {
    const eventId = options.eventId ?? `evt_${randomBytes(18).toString('base64url')}`;
    const body = JSON.stringify({ id: eventId, type: 'payment_updated', data: { ref, status } });
    const signature = signWebhook(Buffer.from(options.secret ?? SECRET), body, options.at ?? new Date());
    return { eventId, body, signature };
  }
  const post = (hook: { body: string; signature: string }) =>
    new Client(server.base).call(HOOK, {
      method: 'POST',
      body: hook.body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': hook.signature },
    });

  it('gives a code, a barcode and a 6-hour deadline; the counter takes it and the webhook pays the order', async () => {
    const s = await jpOrder();
    const before = Date.now();
    const c = await start(s);
    expect(c).toMatchObject({ store: 'seven_eleven', confirmation: null, fee: 0, currency: 'JPY', state: 'pending' });
    expect(c.code).toMatch(/^[0-9]{13}$/);
    expect(c.barcode_svg).toMatch(/^<svg [^>]*viewBox/);
    expect(c.expires_at - before).toBeGreaterThan(KONBINI_WINDOW_MS - 60_000);
    expect(c.expires_at - before).toBeLessThanOrEqual(KONBINI_WINDOW_MS + 5_000);
    // The order and its stock wait exactly as long as the code.
    const [row] = await server.db.query<{ gap_ms: number }>(
      `SELECT extract(epoch FROM o.pay_before - p.expires_at)::float8 * 1000 AS gap_ms
       FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = $1`,
      [c.payment_id],
    );
    expect(Math.abs(row!.gap_ms)).toBeLessThan(1000);
    expect((await s.client.call(`/api/jp/payment/konbini/of-order?orderId=${s.orderId}`)).body.data.code).toMatchObject(
      {
        code: c.code,
      },
    );
    // The counter finds the code and shows what it takes.
    const shown = await new Client(server.base).fetch(`${COUNTER}?code=${c.code}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('data-testid="konbini-counter-pay"');
    expect(html).toContain('<svg');
    expect((await view(s, c.payment_id)).state).toBe('pending');
    const paid = await counter(c.code);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('data-state="paid"');
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    await waitPaid(s.orderId);
    expect(await orderState(s.orderId)).toBe('paid');
    expect(await successes(s.orderId)).toBe(1);
    expect((await view(s, c.payment_id)).state).toBe('paid');
    expect((await s.client.call(`/api/jp/payment/konbini/of-order?orderId=${s.orderId}`)).body.data.code).toBeNull();
    // Paying the same code again takes nothing more.
    expect((await counter(c.code)).status).toBe(409);
    expect(await successes(s.orderId)).toBe(1);
  });

  it('gives 2 hours when the order holds phones; Lawson asks for a confirmation number too', async () => {
    const s = await jpOrder({ phones: true });
    const before = Date.now();
    const c = await start(s, 'lawson');
    expect(c.expires_at - before).toBeGreaterThan(KONBINI_PHONES_WINDOW_MS - 60_000);
    expect(c.expires_at - before).toBeLessThanOrEqual(KONBINI_PHONES_WINDOW_MS + 5_000);
    const [order] = await server.db.query<{ left_ms: number }>(
      `SELECT extract(epoch FROM pay_before - now())::float8 * 1000 AS left_ms FROM orders WHERE id = $1`,
      [s.orderId],
    );
    expect(order!.left_ms).toBeLessThanOrEqual(KONBINI_PHONES_WINDOW_MS + 5_000);
    expect(order!.left_ms).toBeGreaterThan(KONBINI_PHONES_WINDOW_MS - 60_000);
    expect(c.code).toMatch(/^[0-9]{11}$/);
    expect(c.confirmation).toMatch(/^[0-9]{6}$/);
    // Without its confirmation number the code opens nothing.
    expect((await counter(c.code)).status).toBe(404);
    expect((await counter(c.code, '000000' === c.confirmation ? '111111' : '000000')).status).toBe(404);
    expect((await counter(c.code, c.confirmation!)).status).toBe(200);
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    await waitPaid(s.orderId);
    expect(await orderState(s.orderId)).toBe('paid');
  });

  it('a lapsed code expires the payment, lapses the order and releases its stock; the counter refuses it', async () => {
    const s = await jpOrder();
    const held = await stock(s.commodityId);
    const c = await start(s, 'familymart');
    // The deadline passes (the clocks of the store and of the provider alike).
    await server.db.query(
      `UPDATE payments SET expires_at = now() - interval '1 second', updated_at = now() - interval '1 hour'
       WHERE id = $1`,
      [c.payment_id],
    );
    await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 second' WHERE id = $1`, [s.orderId]);
    await server.db.query(`UPDATE sandbox_async_payments SET expires_at = now() - interval '1 second' WHERE ref = $1`, [
      await providerRef(c.payment_id),
    ]);
    await server.app.reconciler.settleStale();
    expect((await view(s, c.payment_id)).state).toBe('expired');
    expect(await server.app.orderClosing.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await orderState(s.orderId)).toBe('cancelled');
    expect(await stock(s.commodityId)).toBe(held + 1);
    const late = await counter(c.code, c.confirmation!);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('data-state="expired"');
    expect(await successes(s.orderId)).toBe(0);
    expect((await s.client.call(`/api/jp/payment/konbini/of-order?orderId=${s.orderId}`)).body.data.code).toBeNull();
  });

  it('refuses a code at the counter once past its deadline, even before the store has swept it', async () => {
    const s = await jpOrder();
    const c = await start(s);
    await server.db.query(`UPDATE sandbox_async_payments SET expires_at = now() - interval '1 second' WHERE ref = $1`, [
      await providerRef(c.payment_id),
    ]);
    const late = await counter(c.code);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('data-state="expired"');
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    expect(await orderState(s.orderId)).toBe('unpaid');
    expect(await successes(s.orderId)).toBe(0);
  });

  it('a success arriving after the order lapsed is recorded and refunded', async () => {
    const s = await jpOrder();
    const c = await start(s);
    const ref = await providerRef(c.payment_id);
    await server.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.payment_id]);
    await server.app.reconciler.settleStale();
    const cancelled = await s.client.call('/api/jp/order/cancel', { method: 'POST', json: { orderId: s.orderId } });
    expect(cancelled.body.errno, JSON.stringify(cancelled.body)).toBe(0);
    // The counter's system took the money at the last second after all, and says so by webhook.
    await server.db.query(`UPDATE sandbox_async_payments SET status = 'paid' WHERE ref = $1`, [ref]);
    expect((await post(webhook(ref, 'paid'))).body.data).toEqual({ handled: true, duplicate: false });
    expect(await orderState(s.orderId)).toBe('cancelled');
    const [payment] = await server.db.query<{ state: string }>(`SELECT state FROM payments WHERE id = $1`, [
      c.payment_id,
    ]);
    expect(payment!.state).toBe('reversed');
    await server.app.refundJob.run();
    const refunds = await server.db.query<{ state: string; amount: number }>(
      `SELECT state, amount::float8 AS amount FROM refunds WHERE order_id = $1`,
      [s.orderId],
    );
    expect(refunds).toEqual([{ state: 'succeeded', amount: c.amount }]);
  });

  it('refuses a forged, a stale and a tampered webhook, and handles a replayed one once', async () => {
    const s = await jpOrder();
    const c = await start(s);
    const ref = await providerRef(c.payment_id);
    await server.app.asyncSandbox!.decide(ref, s.userId, 'paid');
    const forged = await post(webhook(ref, 'paid', { secret: 'not-the-secret-0123456789abcdefgh' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'bad_signature' } });
    const stale = await post(webhook(ref, 'paid', { at: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'stale' } });
    const genuine = webhook(ref, 'paid');
    const tampered = await post({ ...genuine, body: genuine.body.replace('"paid"', '"expired"') });
    expect(tampered.body.errno).toBe(Errno.ASYNC_WEBHOOK_REFUSED);
    expect(await orderState(s.orderId)).toBe('unpaid');
    expect((await post(genuine)).body).toMatchObject({ errno: 0, data: { handled: true, duplicate: false } });
    expect((await post(genuine)).body).toMatchObject({ errno: 0, data: { handled: false, duplicate: true } });
    expect(await orderState(s.orderId)).toBe('paid');
    expect(await successes(s.orderId)).toBe(1);
  });

  it('pays once whether the webhook comes before the shopper looks again or after', async () => {
    for (const webhookFirst of [true, false]) {
      const s = await jpOrder();
      const c = await start(s);
      const ref = await providerRef(c.payment_id);
      // Paid at the counter; its webhook is held back so the test orders the two arrivals.
      await server.app.asyncSandbox!.decide(ref, s.userId, 'paid');
      const hook = (await server.app.asyncSandbox!.undelivered()).find((h) => h.body.includes(ref));
      expect(hook).toBeDefined();
      const delivered = async () => expect((await post(hook!)).body.errno).toBe(0);
      if (webhookFirst) {
        await delivered();
        expect((await view(s, c.payment_id)).state).toBe('paid');
      } else {
        expect((await view(s, c.payment_id)).state).toBe('paid');
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

  it('20 parallel confirmations (counter payments, webhooks, result checks) pay once', async () => {
    const s = await jpOrder();
    const c = await start(s);
    const ref = await providerRef(c.payment_id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? counter(c.code).then((r) => r.status)
          : i % 3 === 1
            ? post(webhook(ref, 'paid')).then((r) => r.status)
            : s.client.call(`/api/jp/payment/konbini/${c.payment_id}`).then((r) => (r.body.errno === 0 ? 200 : 500)),
      ),
    );
    // The counter takes the money once (the others are told it is paid); webhooks and checks all answer.
    expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(14);
    expect(answers.every((status) => status === 200 || status === 409 || status === 400)).toBe(true);
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    await waitPaid(s.orderId);
    expect(await successes(s.orderId)).toBe(1);
    expect(await orderState(s.orderId)).toBe('paid');
    const paidSteps = await server.db.query(`SELECT 1 FROM order_events WHERE order_id = $1 AND kind = 'paid'`, [
      s.orderId,
    ]);
    expect(paidSteps).toHaveLength(1);
  });

  it('10 parallel starts of one order open one code; the others are told a payment is under way', async () => {
    const s = await jpOrder();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => startCall(s, ['seven_eleven', 'familymart', 'lawson'][i % 3]!)),
    );
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.errno === Errno.ORDER_NOT_PAYABLE)).toHaveLength(9);
    const codes = await server.db.query(
      `SELECT 1 FROM konbini_codes k JOIN payments p ON p.id = k.payment_id WHERE p.order_id = $1`,
      [s.orderId],
    );
    expect(codes).toHaveLength(1);
    const opened = await server.db.query(
      `SELECT 1 FROM sandbox_async_payments sp JOIN payments p ON sp.reference = 'pay_' || p.id WHERE p.order_id = $1`,
      [s.orderId],
    );
    expect(opened).toHaveLength(1);
  });

  it("limits per country: above jp's maximum or a chain of another country is refused, opening nothing", async () => {
    const big = await jpOrder({ price: 300_001 });
    const refused = await Promise.all(Array.from({ length: 5 }, () => startCall(big, 'lawson')));
    for (const r of refused)
      expect(r.body).toMatchObject({
        errno: Errno.PAYMENT_METHOD_NOT_OFFERED,
        data: { key: 'konbini:lawson', reason: 'above_maximum' },
      });
    const s = await jpOrder();
    expect((await startCall(s, 'hilife')).body).toMatchObject({
      errno: Errno.PAYMENT_METHOD_NOT_OFFERED,
      data: { reason: 'not_in_country' },
    });
    expect((await startCall(s, 'indomaret')).body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    const opened = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE order_id IN ($1, $2)`,
      [big.orderId, s.orderId],
    );
    expect(opened[0]!.n).toBe(0);
  });

  it("id: Indomaret's code carries the counter's fee, which the counter adds to what it takes", async () => {
    const s = await unpaidOrder(server, { price: 1_000_000 });
    const c = await start(s, 'indomaret', 'id');
    expect(c).toMatchObject({ store: 'indomaret', fee: 2_500, currency: 'IDR', confirmation: null });
    expect(c.code).toMatch(/^[0-9]{16}$/);
    // The store's payment is the order's amount; the counter's fee is the counter's own.
    const [payment] = await server.db.query<{ amount: number }>(
      `SELECT amount::float8 AS amount FROM payments WHERE id = $1`,
      [c.payment_id],
    );
    expect(payment!.amount).toBe(c.amount);
    const shown = await new Client(server.base).fetch(`/api/id/pay/konbini/sandbox/counter?code=${c.code}`);
    expect(await shown.text()).toContain('2.500');
    // A code of another storefront is not found at this one's counter.
    expect((await new Client(server.base).fetch(`${COUNTER}?code=${c.code}`)).status).toBe(404);
  });
});
