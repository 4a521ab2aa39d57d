import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { sellable } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { readPaymentBooks, type PaymentBooks } from '../../test-support/payment-books';
import { spawnServer, type ServerProcess } from '../../test-support/processes';
import { processStore } from '../../test-support/process-store';
import type { Database } from '../../db/types';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const ROUNDS = 200;
const SHOPPERS = 20;
/**
 * The sandbox gateway's simulated network time: the charge is made halfway, so a cancellation can land on either side.
 */
const LATENCY_MS = 20;
/** The shopper's orders, placed an hour earlier (out of the risk rules' window). */
const AGE_ORDERS = `UPDATE orders SET created_at = created_at - interval '1 hour' WHERE user_id = $1`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Shopper {
  /** The browser that pays, and the one that cancels (the same session; on two processes, two servers). */
  payer: Client;
  canceller: Client;
  addressId: string;
  /**
   * Moves the shopper's earlier rounds out of the risk rules' hour: the race is the subject here, and ten orders an
   * hour from one account would put the next one in review.
   */
  forgetRate: () => Promise<unknown>;
}

/** What the shopper was told, per round. */
interface Told {
  paid: number;
  cancelled: number;
}

/** Places an order and races its card payment against its cancellation, sent a random 0-100 ms later. */
async function raceRound(s: Shopper, commodityId: string, told: Told): Promise<void> {
  await s.forgetRate();
  const placed = await s.payer.call('/api/id/order/place', {
    method: 'POST',
    json: { addressId: s.addressId, agreePrivacy: true },
  });
  expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
  const orderId = placed.body.data.order_id as string;
  const pay = s.payer.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
  await sleep(Math.floor(Math.random() * 100));
  const cancel = s.canceller.call('/api/id/order/cancel', { method: 'POST', json: { orderId } });
  const [p, c] = await Promise.all([pay, cancel]);
  // The shopper is told one story: paid (and the cancellation refused), or cancelled (and the payment refused).
  if (p.body.errno === 0) {
    expect(p.body.data.state).toBe('succeeded');
    expect(c.body.errno).toBe(Errno.ORDER_NOT_PAYABLE);
    told.paid++;
    await addToCart(s.payer, commodityId);
  } else {
    expect(c.body.errno, JSON.stringify(c.body)).toBe(0);
    expect([Errno.PAYMENT_FAILED, Errno.ORDER_NOT_PAYABLE]).toContain(p.body.errno);
    told.cancelled++;
  }
}

async function expectBooksBalance(db: Database, told: Told, label: string): Promise<PaymentBooks> {
  const states = await db.query<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM orders GROUP BY state`,
  );
  expect(
    states.find((s) => s.state === 'unpaid'),
    label,
  ).toBeUndefined();
  const books = await readPaymentBooks(db);
  expect(books, label).toMatchObject({ keptWithoutOrder: 0, chargedTwice: 0, paidWithoutCharge: 0, refundsOwed: 0 });
  expect(books.paidOrders, label).toBe(told.paid);
  expect(told.paid + told.cancelled, label).toBe(ROUNDS);
  // Both sides won some rounds, or the race was not run.
  expect(told.paid, label).toBeGreaterThan(0);
  expect(told.cancelled, label).toBeGreaterThan(0);
  console.log(
    `${label}: ${told.paid} paid, ${told.cancelled} cancelled; ` +
      `gateway charges ${books.charges}, refunded ${books.refunded}, kept without an order ${books.keptWithoutOrder}`,
  );
  return books;
}

describe.each(drivers)('a payment raced with its cancellation (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { SANDBOX_LATENCY_MS: LATENCY_MS });
  });
  afterAll(async () => server?.close());

  it(`${ROUNDS} rounds: each order ends paid or cancelled, and no money is kept for a cancelled order`, async () => {
    const item = await sellable(server.db, 1);
    await server.db.query(`UPDATE offers SET stock = 100000 WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const { client, userId } = await quickShopper(server);
        const addressId = await saveAddress(client);
        await addToCart(client, item.commodity_id);
        const forgetRate = () => server.db.query(AGE_ORDERS, [userId]);
        return { payer: client, canceller: client, addressId, forgetRate };
      }),
    );
    const told: Told = { paid: 0, cancelled: 0 };
    await Promise.all(
      shoppers.map(async (s) => {
        for (let r = 0; r < ROUNDS / SHOPPERS; r++) await raceRound(s, item.commodity_id, told);
      }),
    );
    await server.app.refundJob.run();
    await expectBooksBalance(server.db, told, `pay/cancel race (${driver})`);
  }, 180_000);

  it('the payment-window sweep races a payment the same way: paid, or cancelled with nothing kept', async () => {
    const item = await sellable(server.db, 1, 1);
    await server.db.query(`UPDATE offers SET stock = 100000 WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    const before = await readPaymentBooks(server.db);
    let paid = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { client } = await quickShopper(server);
        const addressId = await saveAddress(client);
        await addToCart(client, item.commodity_id);
        for (let r = 0; r < 5; r++) {
          const orderId = (
            await client.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true } })
          ).body.data.order_id as string;
          // The window closes while the payment is with the gateway.
          await server.db.query(`UPDATE orders SET pay_before = now() + interval '15 milliseconds' WHERE id = $1`, [
            orderId,
          ]);
          const pay = client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
          await sleep(15 + Math.floor(Math.random() * 10));
          const [p] = await Promise.all([pay, server.app.orderClosing.expireDue()]);
          // What the sweep left for later (a payment still in flight) it settles on a later run.
          await server.app.reconciler.settleOrder(orderId, 'close');
          await server.app.orderClosing.expireDue();
          if (p.body.errno === 0) {
            paid++;
            await addToCart(client, item.commodity_id);
          }
        }
      }),
    );
    await server.app.refundJob.run();
    const books = await readPaymentBooks(server.db);
    expect(books).toMatchObject({ keptWithoutOrder: 0, chargedTwice: 0, paidWithoutCharge: 0, refundsOwed: 0 });
    expect(books.paidOrders - before.paidOrders).toBe(paid);
    expect((await server.db.query(`SELECT 1 FROM orders WHERE state = 'unpaid'`)).length).toBe(0);
  }, 120_000);
});

describe.runIf(drivers.includes('pg'))(
  'a payment raced with its cancellation on two processes sharing Postgres',
  () => {
    const store = processStore('pg', 'race');
    const servers: ServerProcess[] = [];
    let db: Database;

    beforeAll(async () => {
      await store.create();
      const env = store.env({ SANDBOX_LATENCY_MS: String(LATENCY_MS) });
      // One after the other: the second finds the schema migrated and seeded.
      servers.push(await spawnServer(env));
      servers.push(await spawnServer(env));
      db = await store.open();
    }, 180_000);

    afterAll(async () => {
      for (const s of servers) await s.stop();
      await db?.close();
      await store.remove();
    });

    it(`${ROUNDS} rounds, paid on one process, cancelled on the other: a cancelled order keeps nothing`, async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const item = await sellable(db, 1);
      await db.query(`UPDATE offers SET stock = 100000 WHERE commodity_id = $1 AND local = 'id'`, [item.commodity_id]);
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, async () => {
          const { client, userId } = await quickShopper({ db, base: a.base });
          const addressId = await saveAddress(client);
          await addToCart(client, item.commodity_id);
          const canceller = new Client(b.base, client.address, client.cookies);
          return { payer: client, canceller, addressId, forgetRate: () => db.query(AGE_ORDERS, [userId]) };
        }),
      );
      const told: Told = { paid: 0, cancelled: 0 };
      await Promise.all(
        shoppers.map(async (s) => {
          for (let r = 0; r < ROUNDS / SHOPPERS; r++) await raceRound(s, item.commodity_id, told);
        }),
      );
      // Each process pays refunds every 30 s; the books are read once the first pass is through.
      const deadline = Date.now() + 60_000;
      while ((await readPaymentBooks(db)).refundsOwed > 0 && Date.now() < deadline) await sleep(500);
      await expectBooksBalance(db, told, 'pay/cancel race on two processes (pg)');
    }, 240_000);
  },
);
