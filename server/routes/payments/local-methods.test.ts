import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { unpaidOrder } from '../../test-support/shoppers';
import { getStorefront } from '../../../region-config';
import { requireMethodOffered } from '../../payments/method-guard';
import type { MethodDevice } from '../../payments/method-availability';
import { ApiError, Errno } from '../../errors';

describe.each(drivers)('payment methods of an order (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  type Shopper = Awaited<ReturnType<typeof unpaidOrder>>;
  const list = (s: Shopper, query = '') =>
    s.client.call(`/api/id/checkout/payment-methods?orderId=${s.orderId}${query}`);
  const reasonsOf = async (s: Shopper, query = '') =>
    Object.fromEntries(
      ((await list(s, query)).body.data.methods as { key: string; reason: string | null }[]).map((m) => [
        m.key,
        m.reason,
      ]),
    );
  const id = getStorefront('id')!;
  const noDevice: MethodDevice = { paymentRequest: false, apps: [] };

  it("answers Indonesia's methods in config order, LINE Pay only with its app reported by the bridge", async () => {
    const s = await unpaidOrder(server, { price: 1_000_000 });
    const answer = (await list(s)).body;
    expect(answer.errno).toBe(0);
    expect(answer.data).toMatchObject({ order_id: s.orderId, currency: 'IDR', exponent: 0 });
    expect(answer.data.methods.map((m: { key: string }) => m.key).slice(0, 8)).toEqual([
      'ewallet:gopay',
      'ewallet:ovo',
      'ewallet:dana',
      'ewallet:shopeepay',
      'ewallet:linepay',
      'qris',
      'bank_va',
      'card',
    ]);
    expect(answer.data.methods[0]).toEqual({
      key: 'ewallet:gopay',
      method: 'ewallet',
      wallet: 'gopay',
      offered: true,
      reason: null,
      fee: 0,
    });
    expect((await reasonsOf(s))['ewallet:linepay']).toBe('app_missing');
    expect((await reasonsOf(s, '&apps=wechatpay'))['ewallet:linepay']).toBe('app_missing');
    expect((await reasonsOf(s, '&apps=wechatpay,linepay&paymentRequest=true'))['ewallet:linepay']).toBeNull();
  });

  it('applies the limits to what is left to pay, and refuses cash on delivery for gift cards', async () => {
    const big = await unpaidOrder(server, { price: 12_000_000 });
    const methods = (await list(big)).body.data.methods as { key: string; reason: string; limit?: number }[];
    expect(methods.find((m) => m.key === 'cod')).toMatchObject({ reason: 'above_maximum', limit: 5_000_000 });
    expect(methods.find((m) => m.key === 'qris')).toMatchObject({ reason: 'above_maximum', limit: 10_000_000 });
    expect(methods.find((m) => m.key === 'ewallet:gopay')?.reason).toBeNull();
    expect(methods.find((m) => m.key === 'card')?.reason).toBeNull();

    const s = await unpaidOrder(server, { price: 1_000_000 });
    expect((await reasonsOf(s))['cod']).toBeNull();
    await server.db.query(
      `UPDATE products SET category = 'gift-cards' WHERE id = (SELECT product_id FROM order_lines WHERE order_id = $1)`,
      [s.orderId],
    );
    expect((await reasonsOf(s))['cod']).toBe('products');
  });

  it("refuses cash on delivery for a pre-order, and answers the methods of the order's own country", async () => {
    const s = await unpaidOrder(server, { price: 1_000_000 });
    await server.db.query(`UPDATE orders SET kind = 'deposit' WHERE id = $1`, [s.orderId]);
    expect(await reasonsOf(s)).toMatchObject({ cod: 'presale', qris: null, 'ewallet:gopay': null });

    // The same shopper's order as if placed in /de (EUR): the German list, Apple and Google Pay by the device.
    const de = await unpaidOrder(server, { price: 100_000 });
    await server.db.query(`UPDATE orders SET local = 'de', url_local = 'de', currency = 'EUR' WHERE id = $1`, [
      de.orderId,
    ]);
    const inDe = async (query: string) =>
      (
        (await de.client.call(`/api/de/checkout/payment-methods?orderId=${de.orderId}${query}`)).body.data.methods as {
          key: string;
          reason: string | null;
        }[]
      ).map((m) => `${m.key}:${m.reason ?? 'ok'}`);
    expect(await inDe('')).toEqual([
      'card:ok',
      'paylater:ok',
      'apple_pay:no_payment_request',
      'google_pay:no_payment_request',
      'instalments:ok',
    ]);
    expect(await inDe('&paymentRequest=true')).toContain('apple_pay:ok');
    expect((await de.client.call(`/api/id/checkout/payment-methods?orderId=${de.orderId}`)).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    // An order whose currency is not the country's (a stale row) is offered nothing.
    await server.db.query(`UPDATE orders SET currency = 'IDR' WHERE id = $1`, [de.orderId]);
    expect(new Set((await inDe('&paymentRequest=true')).map((m) => m.split(':')[1]))).toEqual(new Set(['currency']));
  });

  it("refuses another shopper's order, an order no longer unpaid and a bad query", async () => {
    const a = await unpaidOrder(server, { price: 1_000_000 });
    const b = await unpaidOrder(server, { price: 1_000_000 });
    const foreign = await b.client.call(`/api/id/checkout/payment-methods?orderId=${a.orderId}`);
    expect(foreign.body.errno).toBe(Errno.NOT_FOUND);
    expect(foreign.body.data).toBeNull();
    const bad = await a.client.call(`/api/id/checkout/payment-methods?orderId=${a.orderId}&apps=LINE%3B`);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.errno).not.toBe(0);
    await server.db.query(`UPDATE orders SET state = 'cancelled' WHERE id = $1`, [a.orderId]);
    expect((await list(a)).body.errno).toBe(Errno.PAYMENT_NOT_PAYABLE);
  });

  it('guards a payment start: a method not offered is refused with its reason', async () => {
    const s = await unpaidOrder(server, { price: 6_000_000 });
    const userId = Number(
      (await server.db.query<{ user_id: number }>(`SELECT user_id FROM orders WHERE id = $1`, [s.orderId]))[0]!.user_id,
    );
    const start = (key: string, device = noDevice) =>
      requireMethodOffered(server.app, id, userId, s.orderId, key, device);
    await expect(start('qris')).resolves.toMatchObject({ key: 'qris', offered: true });
    for (const [key, reason] of [
      ['cod', 'above_maximum'],
      ['ewallet:linepay', 'app_missing'],
      ['upi', 'not_in_country'],
    ]) {
      const refused = await start(key!).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ errno: Errno.PAYMENT_METHOD_NOT_OFFERED, data: { key, reason } });
    }
    await expect(start('ewallet:linepay', { paymentRequest: false, apps: ['linepay'] })).resolves.toBeTruthy();
    // Twenty starts at once read the same order and all agree.
    const many = await Promise.all(Array.from({ length: 20 }, () => start('cod').catch((e: unknown) => e)));
    expect(many.every((e) => e instanceof ApiError && e.errno === Errno.PAYMENT_METHOD_NOT_OFFERED)).toBe(true);
  });
});
