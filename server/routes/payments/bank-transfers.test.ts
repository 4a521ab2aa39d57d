import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { unpaidOrder } from '../../test-support/shoppers';
import { signWebhook } from '../../payments/webhook-signature';
import { isBankSandbox } from '../../payments/bank-transfer-sandbox';
import { Errno } from '../../errors';

const SECRET = 'test-bank-feed-webhook-secret-0123456789ab';
const HOOK = '/api/payments/webhooks/async-sandbox';
const DAY_MS = 24 * 60 * 60_000;

type Shopper = Awaited<ReturnType<typeof unpaidOrder>>;
interface Account {
  payment_id: string;
  state: string;
  failure_code: string | null;
  bank: string;
  account_number: string;
  amount: number;
  amount_received: number;
  amount_remaining: number;
  currency: string;
  expires_at: number;
}

const payable = (server: TestServer) => unpaidOrder(server, { price: 1_000_000 });

const startCall = (s: Shopper, bank = 'bca') =>
  s.client.call('/api/id/payment/bank/start', { method: 'POST', json: { orderId: s.orderId, bank } });

async function start(s: Shopper, bank = 'bca'): Promise<Account> {
  const r = await startCall(s, bank);
  expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
  return r.body.data as Account;
}

async function status(s: Shopper, paymentId: string): Promise<Account> {
  const r = await s.client.call(`/api/id/payment/bank/${paymentId}`);
  expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
  return r.body.data as Account;
}

/** A transfer on the sandbox bank's own page (real HTTP): it records the money and posts the bank feed at once. */
async function transfer(s: Shopper, number: string, amount: number): Promise<string> {
  const r = await s.client.fetch('/api/id/pay/bank/sandbox/transfer', {
    method: 'POST',
    form: { number, amount: String(amount) },
  });
  expect(r.status).toBe(200);
  return r.text();
}

const post = (base: string, hook: { body: string; signature: string }) =>
  new Client(base).call(HOOK, {
    method: 'POST',
    body: hook.body,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': hook.signature },
  });

async function one<T>(server: TestServer, sql: string, params: unknown[]): Promise<T> {
  return (await server.db.query<T>(sql, params))[0]!;
}

const orderState = async (server: TestServer, orderId: string) =>
  (await one<{ state: string }>(server, `SELECT state FROM orders WHERE id = $1`, [orderId])).state;

const refundsOf = (server: TestServer, orderId: string) =>
  server.db.query<{ amount: number; reason: string; state: string; provider: string; payment_id: string | null }>(
    `SELECT amount::float8 AS amount, reason, state, provider, payment_id::text AS payment_id FROM refunds
     WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );

const refRow = (server: TestServer, paymentId: string) =>
  one<{ ref: string; amount_refunded: number }>(
    server,
    `SELECT ref, amount_refunded::float8 AS amount_refunded FROM sandbox_bank_accounts WHERE reference = $1`,
    [`pay_${paymentId}`],
  );

/** A webhook as the bank feed signs it (a fresh event id unless given). */
function feedHook(ref: string, options: { eventId?: string; at?: Date; secret?: string } = {}) {
  const eventId = options.eventId ?? `evt_${randomBytes(18).toString('base64url')}`;
  const body = JSON.stringify({ id: eventId, type: 'bank_transfer', data: { ref, amount: 1, currency: 'IDR' } });
  return {
    eventId,
    body,
    signature: signWebhook(Buffer.from(options.secret ?? SECRET), body, options.at ?? new Date()),
  };
}

/** The payment lapses: its deadline and its order's window are past, the sweeps run. */
async function lapse(server: TestServer, s: Shopper, paymentId: string) {
  await server.db.query(`UPDATE payments SET expires_at = now() - interval '1 second' WHERE id = $1`, [paymentId]);
  await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 second' WHERE id = $1`, [s.orderId]);
  await server.app.reconciler.settleStale();
  await server.app.orderClosing.expireDue();
}

describe.each(drivers)('bank virtual account (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ASYNC_PAYMENT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => server?.close());

  it('opens an account for the exact amount, holds the order as long, pays on the exact sum', async () => {
    const s = await payable(server);
    const account = await start(s, 'mandiri');
    expect(account).toMatchObject({ state: 'pending', bank: 'mandiri', amount_received: 0, currency: 'IDR' });
    expect(account.account_number).toMatch(/^88608\d{11}$/);
    expect(account.amount_remaining).toBe(account.amount);
    expect(account.expires_at).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
    const held = await one<{ left: number }>(
      server,
      `SELECT extract(epoch FROM pay_before - now())::float8 * 1000 AS left FROM orders WHERE id = $1`,
      [s.orderId],
    );
    expect(held.left).toBeGreaterThan(DAY_MS - 60_000);
    // A retry gets the same account: one number per payment.
    const again = await Promise.all(Array.from({ length: 5 }, () => start(s, 'bca')));
    for (const a of again)
      expect(a).toMatchObject({ payment_id: account.payment_id, account_number: account.account_number });
    const page = await transfer(s, account.account_number, account.amount);
    expect(page).toContain('data-status="paid"');
    expect(await orderState(server, s.orderId)).toBe('paid');
    expect(await status(s, account.payment_id)).toMatchObject({ state: 'paid', amount_remaining: 0 });
    expect(await refundsOf(server, s.orderId)).toEqual([]);
  });

  it('a partial transfer leaves the payment pending with what is still owed; the rest pays it', async () => {
    const s = await payable(server);
    const account = await start(s);
    const first = Math.floor(account.amount / 3);
    await transfer(s, account.account_number, first);
    expect(await status(s, account.payment_id)).toMatchObject({
      state: 'pending',
      amount_received: first,
      amount_remaining: account.amount - first,
    });
    expect(await orderState(server, s.orderId)).toBe('unpaid');
    await transfer(s, account.account_number, account.amount - first);
    expect(await status(s, account.payment_id)).toMatchObject({ state: 'paid', amount_received: account.amount });
    expect(await orderState(server, s.orderId)).toBe('paid');
    expect(await refundsOf(server, s.orderId)).toEqual([]);
  });

  it('an excess transfer pays the order and the excess is refunded through the refunds', async () => {
    const s = await payable(server);
    const account = await start(s, 'bri');
    await transfer(s, account.account_number, account.amount + 5_000);
    expect(await orderState(server, s.orderId)).toBe('paid');
    expect(await refundsOf(server, s.orderId)).toEqual([
      { amount: 5_000, reason: 'unapplied_transfer', state: 'pending', provider: 'async-sandbox', payment_id: null },
    ]);
    await server.app.refundJob.run();
    expect((await refundsOf(server, s.orderId))[0]!.state).toBe('succeeded');
    expect((await refRow(server, account.payment_id)).amount_refunded).toBe(5_000);
    // The excess names no payment: it never counts against what the order itself may still refund.
    const counted = await server.db.query(`SELECT 1 FROM refunds WHERE payment_id = $1`, [account.payment_id]);
    expect(counted).toEqual([]);
  });

  it('a partial transfer then the deadline: the payment expires, the order lapses, the money goes back', async () => {
    const s = await payable(server);
    const account = await start(s);
    await transfer(s, account.account_number, 20_000);
    await lapse(server, s, account.payment_id);
    expect(await status(s, account.payment_id)).toMatchObject({ state: 'expired', amount_received: 20_000 });
    expect(await orderState(server, s.orderId)).toBe('cancelled');
    expect(await refundsOf(server, s.orderId)).toMatchObject([{ amount: 20_000, reason: 'unapplied_transfer' }]);
    // A transfer to the closed account is received too, and refunded in full.
    const page = await transfer(s, account.account_number, 7_000);
    expect(page).toContain('data-status="cancelled"');
    expect((await refundsOf(server, s.orderId)).map((r) => r.amount)).toEqual([20_000, 7_000]);
    await server.app.refundJob.run();
    expect((await refundsOf(server, s.orderId)).every((r) => r.state === 'succeeded')).toBe(true);
    expect((await refRow(server, account.payment_id)).amount_refunded).toBe(27_000);
  });

  it('the shopper cancels after a partial transfer: the account closes and the money received goes back', async () => {
    const s = await payable(server);
    const account = await start(s);
    await transfer(s, account.account_number, 15_000);
    const cancelled = await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: s.orderId } });
    expect(cancelled.body.errno, JSON.stringify(cancelled.body)).toBe(0);
    expect(await orderState(server, s.orderId)).toBe('cancelled');
    expect(await status(s, account.payment_id)).toMatchObject({ state: 'failed', amount_received: 15_000 });
    expect(await refundsOf(server, s.orderId)).toMatchObject([{ amount: 15_000, reason: 'unapplied_transfer' }]);
  });

  it('the lapse of an unpaid bank transfer releases the stock the order held', async () => {
    const s = await payable(server);
    const stock = () =>
      one<{ stock: number }>(server, `SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
        s.commodityId,
      ]).then((r) => r.stock);
    const held = await stock();
    const account = await start(s);
    expect(await stock()).toBe(held);
    await lapse(server, s, account.payment_id);
    expect(await orderState(server, s.orderId)).toBe('cancelled');
    expect(await stock()).toBe(held + 1);
    expect(await refundsOf(server, s.orderId)).toEqual([]);
  });

  it('"bank account validation unavailable": refused, nothing opened, another bank pays', async () => {
    const s = await payable(server);
    const down = await s.client.fetch('/api/id/pay/bank/sandbox/transfer/validation', {
      method: 'POST',
      form: { bank: 'bni', state: 'down' },
    });
    expect(down.status).toBe(303);
    try {
      const refused = await Promise.all(Array.from({ length: 5 }, () => startCall(s, 'bni')));
      for (const r of refused) {
        expect(r.body.errno).not.toBe(0);
        expect([Errno.BANK_VALIDATION_UNAVAILABLE, Errno.ORDER_NOT_PAYABLE]).toContain(r.body.errno);
      }
      const unavailable = refused.find((r) => r.body.errno === Errno.BANK_VALIDATION_UNAVAILABLE)!;
      expect(unavailable.body.errmsg).toContain('BNI');
      const opened = await server.db.query(
        `SELECT 1 FROM sandbox_bank_accounts WHERE reference IN
        (SELECT 'pay_' || id FROM payments WHERE order_id = $1)`,
        [s.orderId],
      );
      expect(opened).toEqual([]);
      const attempts = await server.db.query<{ state: string; failure_code: string }>(
        `SELECT state, failure_code FROM payments WHERE order_id = $1`,
        [s.orderId],
      );
      expect(attempts.every((a) => a.state === 'failed' && a.failure_code === 'not_sent')).toBe(true);
      expect(await orderState(server, s.orderId)).toBe('unpaid');
      const other = await start(s, 'bca');
      expect(other.state).toBe('pending');
    } finally {
      await server.app.db.query(`DELETE FROM sandbox_bank_validation`);
    }
  });

  it('refuses a forged, a stale and a tampered bank-feed webhook, and handles a replayed one once', async () => {
    const s = await payable(server);
    const account = await start(s);
    const { ref } = await refRow(server, account.payment_id);
    // The bank has the money, its feed has not reached the store (queued, not delivered).
    expect(isBankSandbox(server.app.asyncSandbox)).toBe(true);
    if (!isBankSandbox(server.app.asyncSandbox)) return;
    await server.app.asyncSandbox.transfer(account.account_number, account.amount);
    const forged = await post(server.base, feedHook(ref, { secret: 'not-the-secret-0123456789abcdefghij' }));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'bad_signature' } });
    const stale = await post(server.base, feedHook(ref, { at: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.body).toMatchObject({ errno: Errno.ASYNC_WEBHOOK_REFUSED, data: { reason: 'stale' } });
    const genuine = feedHook(ref);
    const tampered = await post(server.base, { ...genuine, body: genuine.body.replace('"amount":1', '"amount":9') });
    expect(tampered.body.errno).toBe(Errno.ASYNC_WEBHOOK_REFUSED);
    expect(await orderState(server, s.orderId)).toBe('unpaid');
    expect((await post(server.base, genuine)).body).toMatchObject({ errno: 0, data: { handled: true } });
    expect((await post(server.base, genuine)).body).toMatchObject({ errno: 0, data: { duplicate: true } });
    expect(await orderState(server, s.orderId)).toBe('paid');
  });

  it('20 parallel bank-feed webhooks of one transfer count it once', async () => {
    const s = await payable(server);
    const account = await start(s);
    if (!isBankSandbox(server.app.asyncSandbox)) throw new Error('the sandbox bank runs in tests');
    const sandbox = server.app.asyncSandbox;
    const partial = 300_000;
    await sandbox.transfer(account.account_number, partial);
    const hook = (await sandbox.undelivered(200)).find((h) => h.body.includes(`"amount":${partial}`))!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(server.base, hook)));
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(answers.filter((a) => a.body.data.handled)).toHaveLength(1);
    expect(await status(s, account.payment_id)).toMatchObject({ state: 'pending', amount_received: partial });
    // The rest with one more than owed: 20 webhooks of it (each with its own event id, as retries may) at once.
    const rest = account.amount - partial + 1;
    await sandbox.transfer(account.account_number, rest);
    const { ref } = await refRow(server, account.payment_id);
    const more = await Promise.all(Array.from({ length: 20 }, () => post(server.base, feedHook(ref))));
    expect(more.every((a) => a.body.errno === 0)).toBe(true);
    expect(await orderState(server, s.orderId)).toBe('paid');
    const paid = await server.db.query(`SELECT 1 FROM payments WHERE order_id = $1 AND state = 'succeeded'`, [
      s.orderId,
    ]);
    expect(paid).toHaveLength(1);
    expect(await refundsOf(server, s.orderId)).toMatchObject([{ amount: 1, reason: 'unapplied_transfer' }]);
  });

  it("refuses an order below /id's bank-transfer minimum, opening nothing", async () => {
    const small = await unpaidOrder(server, { price: 1_000 });
    // Delivery alone costs more than the minimum: the order's amount is set below it (as a discount would).
    await server.db.query(`UPDATE orders SET total = 9999 WHERE id = $1`, [small.orderId]);
    const r = await startCall(small);
    expect(r.body).toMatchObject({
      errno: Errno.PAYMENT_METHOD_NOT_OFFERED,
      data: { key: 'bank_va', reason: 'below_minimum' },
    });
    const opened = await server.db.query(`SELECT 1 FROM payments WHERE order_id = $1`, [small.orderId]);
    expect(opened).toEqual([]);
  });
});
