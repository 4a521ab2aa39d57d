import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { unpaidOrder as placeUnpaidOrder } from '../../test-support/shoppers';
import { usersRepository } from '../../repositories/users';
import { RATE_RULES } from '../../security/rate-limit';
import { buildApp } from '../../app';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const DECLINED = { ...CARD, number: '4000 0000 0000 0002' };

/** Card testing and the other ways to misuse the payment calls. */
describe.each(drivers)('payment abuse (%s)', (driver) => {
  let server: TestServer;
  const siteUrl = 'https://shop.example.com';
  beforeAll(async () => {
    server = await startServer(driver, { SITE_URL: siteUrl });
  });
  afterAll(async () => server?.close());

  const unpaidOrder = () => placeUnpaidOrder(server, { skip: 3, price: 2_000_000 });

  it('card testing from one account is stopped even if it signs in anew for each try, from a new address', async () => {
    const o = await unpaidOrder();
    const users = usersRepository(server.db);
    const answers: number[] = [];
    for (let i = 0; i < RATE_RULES.paymentAccount.max + 5; i++) {
      // A fresh session (a new sign-in) and a fresh address for every try: only the account ties them together.
      const c = new Client(server.base);
      c.cookies.set('serviceToken', await users.createSession(o.userId));
      answers.push(
        (await c.call('/api/id/payment/card', { method: 'POST', json: { orderId: o.orderId, ...DECLINED } })).body
          .errno,
      );
    }
    expect(answers.slice(0, RATE_RULES.paymentAccount.max).every((e) => e === Errno.PAYMENT_FAILED)).toBe(true);
    expect(answers.slice(RATE_RULES.paymentAccount.max)).toEqual(Array(5).fill(Errno.RATE_LIMITED));
    // Another account is not affected.
    const other = await unpaidOrder();
    expect(
      (await other.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: other.orderId, ...CARD } }))
        .body.data.state,
    ).toBe('succeeded');
  });

  it('a Luhn-valid number of a length its brand never issues is refused before the gateway', async () => {
    const o = await unpaidOrder();
    const r = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...CARD, number: '4242 4242 4242' },
    });
    expect(r.body).toMatchObject({ errno: Errno.CARD_INVALID, data: { fields: { number: 'number' } } });
    expect(await server.db.query(`SELECT 1 FROM payments WHERE order_id = $1`, [o.orderId])).toHaveLength(0);
  });

  it("a new card needs its holder's name, as the API document says; a saved card does not", async () => {
    const o = await unpaidOrder();
    const { holder: _, ...noHolder } = CARD;
    const r = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, ...noHolder },
    });
    expect(r.status).toBe(400);
    expect(r.body.errno).toBe(Errno.INVALID_PARAM);
    expect(r.body.errmsg).toMatch(/holder/);
    const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as any;
    const body = doc.paths['/api/{urlLocal}/payment/card'].post.requestBody.content['application/json'].schema;
    expect(body.then.required).toEqual(['number', 'expiry', 'holder']);
    const saved = await o.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: o.orderId, savedCardId: '999999', cvv: '123' },
    });
    expect(saved.body.errno).toBe(Errno.NOT_FOUND);
  });

  it("every address sent to the pay-later provider is built on SITE_URL, whatever the request's Host", async () => {
    const o = await unpaidOrder();
    const r = await o.client.call('/api/id/payment/bnpl/start', {
      method: 'POST',
      json: { orderId: o.orderId, provider: 'kredivo' },
      headers: { host: 'evil.example' },
    });
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data.redirect_url).toMatch(new RegExp(`^${siteUrl}/api/id/pay/bnpl/sandbox/`));
    const session = (
      await server.db.query<{ callback_url: string }>(
        `SELECT callback_url FROM sandbox_bnpl_sessions WHERE reference = $1`,
        [`pay_${r.body.data.payment_id}`],
      )
    )[0]!;
    expect(session.callback_url).toBe(`${siteUrl}/api/id/payment/bnpl/callback`);
  });
});

describe('the sandbox payment providers in production', () => {
  it('refuse to start with NODE_ENV=production unless allowed on purpose', async () => {
    const env = {
      PUBLIC_DIR: `/tmp/none-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'silent' as const,
      NODE_ENV: 'production',
    };
    await expect(buildApp({ seed: false, logger: false, env })).rejects.toThrow(/sandbox.*SANDBOX_PAYMENTS=allow/);
  });
});
