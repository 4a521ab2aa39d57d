import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { unpaidOrder } from '../../test-support/shoppers';
import { Errno } from '../../errors';

const SECRET = 'test-app-wallet-webhook-secret-0123456789';
const HOOK = '/api/payments/webhooks/async-sandbox';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Shopper = Awaited<ReturnType<typeof unpaidOrder>>;

const start = (s: Shopper, local: string, json: Record<string, unknown>) =>
  s.client.call(`/api/${local}/payment/async/start`, {
    method: 'POST',
    json: { orderId: s.orderId, method: 'ewallet', device: 'mobile', ...json },
  });

async function opened(server: TestServer, orderId: string): Promise<number> {
  return (
    await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE order_id = $1`, [orderId])
  )[0]!.n;
}

async function orderState(server: TestServer, orderId: string): Promise<string> {
  return (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;
}

describe.each(drivers)('LINE Pay and WeChat Pay in the app, by the bridge (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ASYNC_PAYMENT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => server?.close());

  it("refuses LINE Pay without the bridge's word that its app is installed (5 parallel, none opened)", async () => {
    const s = await unpaidOrder(server, { price: 1_000_000 });
    const refused = await Promise.all([
      start(s, 'id', { wallet: 'linepay' }),
      start(s, 'id', { wallet: 'linepay', apps: [] }),
      start(s, 'id', { wallet: 'linepay', apps: ['wechatpay'] }),
      start(s, 'id', { wallet: 'linepay', apps: ['gopay', 'ovo'] }),
      start(s, 'id', { wallet: 'wechatpay', apps: ['wechatpay'] }),
    ]);
    for (const r of refused) expect(r.body.errno, JSON.stringify(r.body)).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    expect(refused.map((r) => r.body.data.reason)).toEqual([
      'app_missing',
      'app_missing',
      'app_missing',
      'app_missing',
      // WeChat Pay is not a method of Indonesia at all.
      'not_in_country',
    ]);
    expect(await opened(server, s.orderId)).toBe(0);
    const bad = await start(s, 'id', { wallet: 'linepay', apps: ['Line Pay!'] });
    expect(bad.body.errno).not.toBe(0);
  });

  it('LINE Pay with the app reported: the deep link opens the wallet, the signed webhook pays the order', async () => {
    const s = await unpaidOrder(server, { price: 1_000_000 });
    const r = await start(s, 'id', { wallet: 'linepay', apps: ['linepay'] });
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data.action.kind).toBe('redirect');
    expect(r.body.data.action.url).toContain('via=app');
    const { ref } = (
      await server.db.query<{ ref: string; wallet: string }>(
        `SELECT ref, wallet FROM sandbox_async_payments WHERE reference = $1`,
        [`pay_${r.body.data.payment_id}`],
      )
    )[0]!;
    const page = await s.client.fetch(new URL(r.body.data.action.url).pathname + '?via=app');
    expect(await page.text()).toContain('LINE Pay');
    const approved = await s.client.fetch(`/api/id/pay/async/sandbox/${ref}`, {
      method: 'POST',
      form: { decision: 'approve' },
    });
    expect(approved.status).toBe(303);
    await server.app.asyncSandbox!.deliver(`${server.base}${HOOK}`);
    for (let i = 0; i < 50 && (await orderState(server, s.orderId)) !== 'paid'; i++) await sleep(20);
    expect(await orderState(server, s.orderId)).toBe('paid');
  });

  it('WeChat Pay in China with its app reported; refused without it', async () => {
    const s = await unpaidOrder(server, { price: 100_000 });
    await server.db.query(`UPDATE orders SET local = 'cn', url_local = 'cn', currency = 'CNY' WHERE id = $1`, [
      s.orderId,
    ]);
    const without = await start(s, 'cn', { wallet: 'wechatpay', apps: ['linepay'] });
    expect(without.body).toMatchObject({ errno: Errno.PAYMENT_METHOD_NOT_OFFERED, data: { reason: 'app_missing' } });
    const r = await start(s, 'cn', { wallet: 'wechatpay', apps: ['wechatpay'], device: 'desktop' });
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data.action).toMatchObject({ kind: 'redirect' });
    expect(r.body.data.action.url).not.toContain('via=app');
  });
});
