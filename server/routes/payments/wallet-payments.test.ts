import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { unpaidOrder } from '../../test-support/shoppers';
import { Errno } from '../../errors';

type Shopper = Awaited<ReturnType<typeof unpaidOrder>>;

/** An unpaid order of /de (EUR), where Apple Pay and Google Pay are listed: the Indonesian order moved there. */
async function germanOrder(server: TestServer): Promise<Shopper & { amount: number }> {
  const s = await unpaidOrder(server, { price: 100_000 });
  await server.db.query(`UPDATE orders SET local = 'de', url_local = 'de', currency = 'EUR' WHERE id = $1`, [
    s.orderId,
  ]);
  const { amount } = (
    await server.db.query<{ amount: number }>(
      `SELECT (total - gift_card_amount)::float8 AS amount FROM orders WHERE id = $1`,
      [s.orderId],
    )
  )[0]!;
  return { ...s, amount };
}

/** The sandbox wallet sheet's test token. */
async function token(s: Shopper, body: Record<string, unknown>): Promise<string> {
  const r = await s.client.call('/api/de/pay/wallet/sandbox/token', {
    method: 'POST',
    json: { wallet: 'apple_pay', currency: 'EUR', ...body },
  });
  expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
  return r.body.data.token as string;
}

const pay = (s: Shopper, tok: string, wallet = 'apple_pay', local = 'de') =>
  s.client.call(`/api/${local}/payment/wallet`, {
    method: 'POST',
    json: { orderId: s.orderId, wallet, token: tok },
  });

async function orderState(server: TestServer, orderId: string): Promise<string> {
  return (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;
}

async function payments(server: TestServer, orderId: string): Promise<Record<string, number>> {
  const rows = await server.db.query<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM payments WHERE order_id = $1 GROUP BY state`,
    [orderId],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

describe.each(drivers)('Apple Pay and Google Pay by the wallet sheet token (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('a test token pays the order once through the card gateway, with no one-time password', async () => {
    const s = await germanOrder(server);
    const r = await pay(s, await token(s, { amount: s.amount }));
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data).toMatchObject({ state: 'succeeded', order_id: s.orderId });
    expect(await orderState(server, s.orderId)).toBe('paid');
    const row = (
      await server.db.query<{ method: string; card_last4: string; provider: string }>(
        `SELECT method, card_last4, provider FROM payments WHERE id = $1`,
        [r.body.data.payment_id],
      )
    )[0]!;
    expect(row).toEqual({ method: 'apple_pay', card_last4: '4242', provider: 'sandbox' });
  });

  it('Google Pay pays too; a token of the other wallet is refused', async () => {
    const s = await germanOrder(server);
    const wrong = await pay(s, await token(s, { amount: s.amount, wallet: 'apple_pay' }), 'google_pay');
    expect(wrong.body).toMatchObject({ errno: Errno.WALLET_TOKEN_FAILED, data: { reason: 'wallet' } });
    const r = await pay(s, await token(s, { amount: s.amount, wallet: 'google_pay' }), 'google_pay');
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(await payments(server, s.orderId)).toEqual({ failed: 1, succeeded: 1 });
  });

  it('a refused token says "get token failed", records the attempt failed, and leaves the order payable', async () => {
    const s = await germanOrder(server);
    const r = await pay(s, await token(s, { amount: s.amount, outcome: 'refuse' }));
    expect(r.body.errno).toBe(Errno.WALLET_TOKEN_FAILED);
    expect(r.body.errmsg).toMatch(/Token/);
    expect(r.body.data).toMatchObject({ order_id: s.orderId, reason: 'refused' });
    expect(await orderState(server, s.orderId)).toBe('unpaid');
    expect(await payments(server, s.orderId)).toEqual({ failed: 1 });
    // A card the gateway declines behind a valid token is a failed payment, not a refused token.
    const declined = await pay(s, await token(s, { amount: s.amount, outcome: 'decline' }));
    expect(declined.body.errno).toBe(Errno.PAYMENT_FAILED);
    expect((await pay(s, await token(s, { amount: s.amount }))).body.errno).toBe(0);
  });

  it('refuses a replayed token, a forged one, and one for another amount or currency', async () => {
    const first = await germanOrder(server);
    const second = await germanOrder(server);
    expect(second.amount).toBe(first.amount);
    const tok = await token(first, { amount: first.amount });
    expect((await pay(first, tok)).body.errno).toBe(0);
    const replayed = await pay(second, tok);
    expect(replayed.body).toMatchObject({ errno: Errno.WALLET_TOKEN_FAILED, data: { reason: 'used' } });

    const [body, mac] = (await token(second, { amount: second.amount })).split('.') as [string, string];
    const forged = await pay(second, `${body}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`);
    expect(forged.body).toMatchObject({ errno: Errno.WALLET_TOKEN_FAILED, data: { reason: 'bad_signature' } });
    // The amount signed is the amount: a token of a cheaper sheet cannot pay this order, nor one in another currency.
    const cheaper = await pay(second, await token(second, { amount: second.amount - 1 }));
    expect(cheaper.body).toMatchObject({ errno: Errno.WALLET_TOKEN_FAILED, data: { reason: 'amount' } });
    const dollars = await pay(second, await token(second, { amount: second.amount, currency: 'USD' }));
    expect(dollars.body).toMatchObject({ errno: Errno.WALLET_TOKEN_FAILED, data: { reason: 'currency' } });
    expect((await pay(second, 'not-a-token')).body).toMatchObject({ data: { reason: 'malformed' } });
    expect(await orderState(server, second.orderId)).toBe('unpaid');
  });

  it('20 parallel submissions of different tokens, and 20 of one token, pay the order once', async () => {
    const s = await germanOrder(server);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => token(s, { amount: s.amount })));
    const answers = await Promise.all(tokens.map((t) => pay(s, t)));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await payments(server, s.orderId)).succeeded).toBe(1);

    const again = await germanOrder(server);
    const one = await token(again, { amount: again.amount });
    const same = await Promise.all(Array.from({ length: 20 }, () => pay(again, one)));
    expect(same.filter((a) => a.body.errno === 0)).toHaveLength(1);
    expect((await payments(server, again.orderId)).succeeded).toBe(1);
    expect(await orderState(server, again.orderId)).toBe('paid');
  });

  it('refuses a wallet the country does not list before anything is opened', async () => {
    const s = await unpaidOrder(server, { price: 100_000 });
    const tok = await token(s, { amount: 100_000, currency: 'IDR' });
    const r = await pay(s, tok, 'apple_pay', 'id');
    expect(r.body).toMatchObject({ errno: Errno.PAYMENT_METHOD_NOT_OFFERED, data: { key: 'apple_pay' } });
    expect(await payments(server, s.orderId)).toEqual({});
  });
});
