import { afterAll, describe, expect, it } from 'vitest';
import { Client, drivers } from './test-support/harness';
import { spawnServer, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { addToCart, saveAddress } from './test-support/shoppers';
import { readPaymentBooks } from './test-support/payment-books';
import type { Database } from './db/types';
import { Errno } from './errors';

import { TEST_CARD as CARD } from './test-support/paid-orders';
const PAYMENTS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A server killed (SIGKILL, no clean-up) in the middle of 50 card payments, some charged by the gateway but not yet
 * recorded: after a restart the shoppers retry, and the books must agree with the gateway's: no order charged
 * twice, no charge that neither paid an order nor was refunded, no order paid that the gateway did not charge.
 */
describe.each(drivers)('a crash during card payments (%s)', (driver) => {
  const store = processStore(driver, 'paycrash');
  // The gateway's answer takes 60 ms to travel back, so the kill finds charges made and not yet recorded; a payment
  // unanswered for a second is settled with the gateway (at start-up, and before a retry).
  const env = () => store.env({ SANDBOX_LATENCY_MS: '120', PAYMENT_IN_FLIGHT_MS: '1000' });
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    await store.remove();
  });

  it('charges no order twice and keeps no money without a paid order or a refund', async () => {
    await store.create();
    server = await spawnServer(env());
    const shoppers: { client: Client; orderId: string }[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const client = new Client(server.base);
      await client.register('id');
      const addressId = await saveAddress(client);
      await addToCart(client, '10001');
      const placed = await client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true },
      });
      expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
      shoppers.push({ client, orderId: placed.body.data.order_id });
    }

    // Every shopper pays at once; the server dies once a few answers are back, with the rest under way.
    let answered = 0;
    const payments = shoppers.map((s) =>
      s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: s.orderId, ...CARD } }).then(
        () => answered++,
        () => undefined,
      ),
    );
    while (answered < 5) await sleep(5);
    await server.kill();
    await Promise.all(payments);
    const killedAfter = answered;

    // Back up on the same data; every shopper tries again until the order is paid.
    server = await spawnServer(env());
    const base = server.base;
    let retries = 0;
    await Promise.all(
      shoppers.map(async (s) => {
        const client = new Client(base, s.client.address, s.client.cookies);
        for (let attempt = 0; attempt < 60; attempt++) {
          const r = await client.call('/api/id/payment/card', {
            method: 'POST',
            json: { orderId: s.orderId, ...CARD },
          });
          retries++;
          if (r.body.errno === 0 || (r.body.errno === Errno.ORDER_NOT_PAYABLE && r.body.data?.state === 'paid')) return;
          await sleep(250);
        }
        throw new Error(`order ${s.orderId} never got paid`);
      }),
    );
    await server.stop();
    server = undefined;

    const db: Database = await store.open();
    try {
      const books = await readPaymentBooks(db);
      const states = await db.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM orders GROUP BY state`,
      );
      expect(states).toEqual([{ state: 'paid', n: PAYMENTS }]);
      expect(books).toMatchObject({
        paidOrders: PAYMENTS,
        keptWithoutOrder: 0,
        chargedTwice: 0,
        paidWithoutCharge: 0,
        refundsOwed: 0,
      });
      const settled = await db.query<{ failure_code: string | null; n: number }>(
        `SELECT failure_code, count(*)::int AS n FROM payments WHERE state = 'failed' GROUP BY failure_code`,
      );
      console.log(
        `payment crash (${driver}): killed after ${killedAfter} of ${PAYMENTS} answers; ${retries} ` +
          `retries; gateway charges ${books.charges}, ` +
          `orders paid ${books.paidOrders}, charged twice ${books.chargedTwice}, kept without an order ` +
          `${books.keptWithoutOrder}; ` +
          `attempts closed unsent ${JSON.stringify(settled)}`,
      );
    } finally {
      await db.close();
    }
  }, 300_000);
});
