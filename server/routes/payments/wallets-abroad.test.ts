import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, establishedShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';

const SECRET = 'test-async-webhook-secret-0123456789abcdef';
const HOOK = '/api/payments/webhooks/async-sandbox';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Addresses that fit the Japanese and Malaysian address forms. */
const ADDRESSES: Record<string, Record<string, string>> = {
  jp: {
    recipient: '佐藤 花子',
    phone: '0312345678',
    street: '千代田1-1',
    city: '千代田区',
    state: '東京都',
    postalCode: '100-0001',
  },
  my: {
    recipient: 'Nur Aisyah',
    phone: '0123456789',
    street: 'Jalan Ampang',
    city: 'Kuala Lumpur',
    state: 'Wilayah Persekutuan',
    postalCode: '50450',
  },
};
let houses = 0;

/**
 * PayPay in Japan and ShopeePay in Malaysia pay by the same redirect as Indonesia's wallets: the sandbox wallet's page,
 * approval there, the signed webhook; each country's own currency and the wallet's maximum from its method list.
 */
describe.each(drivers)('e-wallets by redirect outside Indonesia: PayPay (jp), ShopeePay (my) (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ASYNC_PAYMENT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => server?.close());

  /** A new shopper with a placed, unpaid order of one ordinary commodity of the country at `price` (major units). */
  async function orderIn(urlLocal: string, price: number) {
    const [item] = await server.db.query<{ commodity_id: string }>(
      `SELECT c.commodity_id FROM commodities c JOIN products p ON p.id = c.product_id
        JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $1
       WHERE o.stock > 0 AND p.category <> 'gift-cards' AND p.id NOT IN (SELECT product_id FROM fcodes)
         AND p.id NOT IN (SELECT product_id FROM presale_campaigns) ORDER BY c.commodity_id LIMIT 1`,
      [urlLocal],
    );
    await server.db.query(
      `UPDATE offers SET stock = greatest(stock, 1000), sale_price = $3, market_price = $3
        WHERE commodity_id = $1 AND local = $2`,
      [item!.commodity_id, urlLocal, price],
    );
    // A month-old account: a large order of a new one waits for review instead of payment.
    const s = await establishedShopper(server);
    const address = ADDRESSES[urlLocal]!;
    const addressId = await saveAddress(s.client, urlLocal, { ...address, street: `${address.street} ${++houses}` });
    await addToCart(s.client, item!.commodity_id, 1, urlLocal);
    const placed = await s.client.call(`/api/${urlLocal}/order/place`, {
      method: 'POST',
      // A fiscal ID, since the larger orders reach the amount that asks for one.
      json: { addressId, agreePrivacy: true, invoice: { type: 'personal', fiscalId: 'TEST-12345' } },
    });
    if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
    return { ...s, urlLocal, orderId: placed.body.data.order_id as string };
  }
  type Order = Awaited<ReturnType<typeof orderIn>>;

  const start = (o: Order, wallet: string) =>
    o.client.call(`/api/${o.urlLocal}/payment/async/start`, {
      method: 'POST',
      json: { orderId: o.orderId, method: 'ewallet', wallet, device: 'desktop' },
    });

  const orderRow = async (orderId: string) =>
    (
      await server.db.query<{ state: string; currency: string }>(`SELECT state, currency FROM orders WHERE id = $1`, [
        orderId,
      ])
    )[0]!;
  const successes = async (orderId: string) =>
    server.db.query<{ method: string; currency: string }>(
      `SELECT method, currency FROM payments WHERE order_id = $1 AND state = 'succeeded'`,
      [orderId],
    );

  it.each([
    ['jp', 'paypay', 30_000, 'JPY', 'PayPay'],
    ['my', 'shopeepay', 1_000, 'MYR', 'ShopeePay'],
  ])(
    '%s: %s sends the shopper to its page; approved there, the webhook pays the order once',
    async (local, wallet, price, currency, name) => {
      const o = await orderIn(local, price);
      const started = await start(o, wallet);
      expect(started.body.errno, JSON.stringify(started.body)).toBe(0);
      const { payment_id: paymentId, action, result_url: resultUrl } = started.body.data;
      expect(action.kind).toBe('redirect');
      expect(resultUrl).toBe(`/${local}/checkout/payment-result/${paymentId}/`);
      // The wallet's page is the country's: its name, and the amount in the order's currency.
      const pagePath = new URL(action.url).pathname;
      expect(pagePath).toMatch(new RegExp(`^/api/${local}/pay/async/sandbox/apay_`));
      const page = await o.client.fetch(pagePath);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(name);
      const approved = await o.client.fetch(pagePath, { method: 'POST', form: { decision: 'approve' } });
      expect(approved.status).toBe(303);
      expect(approved.headers.get('location')).toContain(resultUrl);
      await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
      for (let i = 0; i < 50 && (await orderRow(o.orderId)).state !== 'paid'; i++) await sleep(20);
      expect(await orderRow(o.orderId)).toEqual({ state: 'paid', currency });
      expect(await successes(o.orderId)).toEqual([{ method: wallet, currency }]);
      const result = await o.client.call(`/api/${local}/payment/async/${paymentId}`);
      expect(result.body.data.state).toBe('paid');
    },
  );

  it('refuses a wallet above its maximum, or one the country does not list, opening nothing', async () => {
    const bigJp = await orderIn('jp', 600_000);
    const bigMy = await orderIn('my', 6_000);
    const small = await orderIn('my', 1_000);
    const cases: [Order, string, string][] = [
      [bigJp, 'paypay', 'above_maximum'],
      [bigMy, 'shopeepay', 'above_maximum'],
      [small, 'gopay', 'not_in_country'],
      [small, 'paypay', 'not_in_country'],
    ];
    for (const [o, wallet, reason] of cases) {
      const refused = await start(o, wallet);
      expect(refused.body.errno, `${o.urlLocal} ${wallet}`).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
      expect(refused.body.data).toMatchObject({ key: `ewallet:${wallet}`, reason });
    }
    const opened = await server.db.query(`SELECT 1 FROM payments WHERE order_id IN ($1, $2, $3)`, [
      bigJp.orderId,
      bigMy.orderId,
      small.orderId,
    ]);
    expect(opened).toHaveLength(0);
  });

  it('jp: 10 parallel PayPay starts open one payment; a cancel on PayPay leaves the order payable', async () => {
    const o = await orderIn('jp', 30_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(o, 'paypay')));
    const ok = answers.filter((a) => a.body.errno === 0);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.body.errno === Errno.ORDER_NOT_PAYABLE)).toHaveLength(9);
    const pagePath = new URL(ok[0]!.body.data.action.url).pathname;
    const cancelled = await o.client.fetch(pagePath, { method: 'POST', form: { decision: 'cancel' } });
    expect(cancelled.status).toBe(303);
    const result = await o.client.call(`/api/jp/payment/async/${ok[0]!.body.data.payment_id}`);
    expect(result.body.data).toMatchObject({ state: 'failed', failure_code: 'cancelled' });
    expect((await orderRow(o.orderId)).state).toBe('unpaid');
    expect((await start(o, 'paypay')).body.errno).toBe(0);
  });
});
