import { FLASH_OPS_TOKEN as OPS_TOKEN, setTestSale } from './test-support/flash-sales';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, drivers } from './test-support/harness';
import { spawnServer, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { saveAddress } from './test-support/shoppers';
import type { Database } from './db/types';

import { TEST_CARD as CARD } from './test-support/paid-orders';
const SHOPPERS = 48;
const UNITS = 12;
const OVERSUBSCRIPTION = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A server killed (SIGKILL, no clean-up) while a flash sale's places are being given and their orders written: after
 * a restart on the same data every place answered before the kill is still there with its arrival number, no unit
 * is given twice or beyond the sale's units, every won place gets its one order (the ones the kill interrupted are
 * written by the restarted sweep or the shopper's next ask), and paying them sells exactly the sale's units.
 */
describe.each(drivers)('a crash during a flash sale (%s)', (driver) => {
  const store = processStore(driver, 'flashcrash');
  const env = () => store.env({ OPS_TOKEN });
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    await store.remove();
  });

  it('loses no place or sold unit and sells none twice', async () => {
    await store.create();
    server = await spawnServer(env());
    const shoppers: Client[] = [];
    for (let i = 0; i < SHOPPERS; i += 8)
      shoppers.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, async () => {
            const c = new Client(server!.base);
            await c.register('id');
            await saveAddress(c);
            return c;
          }),
        )),
      );
    const saleId = `crash-${driver}`;
    await setTestSale(server.base, {
      saleId,
      units: UNITS,
      oversubscription: OVERSUBSCRIPTION,
    });
    await sleep(200); // the NOTIFY of the set sale reaches the process's gate

    // Everyone asks at once; the server dies once a few answers are back, the rest under way.
    const before = new Map<number, { state: string; seq?: number }>();
    let answered = 0;
    const asks = shoppers.map((c, i) =>
      c.call('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: '10009' } }).then(
        (r) => {
          if (r.body.errno === 0) before.set(i, r.body.data);
          answered++;
        },
        () => undefined,
      ),
    );
    while (answered < 6) await sleep(2);
    await server.kill();
    await Promise.all(asks);
    // What the kill left: places given, and won places whose order was not written yet.
    const left = await store.open();
    const [atKill] = await left.query<{ places: number; orderless: number }>(
      `SELECT count(*)::int AS places, count(*) FILTER (WHERE state = 'won' AND order_id IS NULL)::int AS orderless
       FROM flash_places WHERE sale_id = $1`,
      [saleId],
    );
    await left.close();

    // Back up on the same data; every shopper asks again until the answer is definitive.
    server = await spawnServer(env());
    const base = server.base;
    const after = await Promise.all(
      shoppers.map(async (s) => {
        const client = new Client(base, s.address, s.cookies);
        for (let attempt = 0; attempt < 40; attempt++) {
          const r = await client.call('/api/id/seckill/enter', {
            method: 'POST',
            json: { saleId, commodityId: '10009' },
          });
          if (r.body.errno === 0 && (r.body.data.state !== 'won' || r.body.data.order_id)) return { client, ...r };
          await sleep(250);
        }
        throw new Error('no definitive answer after the restart');
      }),
    );
    for (const [i, was] of before) {
      // A place answered before the kill is the same place after it.
      if (was.state === 'sold_out') expect(after[i]!.body.data.state).toBe('sold_out');
      else expect(after[i]!.body.data).toMatchObject({ state: was.state, seq: was.seq });
    }
    const winners = after.filter((a) => a.body.data.state === 'won');
    expect(winners).toHaveLength(UNITS);
    expect(after.filter((a) => a.body.data.state === 'waiting')).toHaveLength(OVERSUBSCRIPTION);
    for (const w of winners) {
      const paid = await w.client.call('/api/id/payment/card', {
        method: 'POST',
        json: { orderId: w.body.data.order_id, ...CARD },
      });
      expect(paid.body.data?.state, JSON.stringify(paid.body)).toBe('succeeded');
    }
    await server.stop();
    server = undefined;

    const db: Database = await store.open();
    try {
      const [books] = await db.query<{
        places: number;
        seqs: number;
        max_seq: number;
        held: number;
        admitted: number;
        tally_held: number;
        orders: number;
        paid: number;
        units: number;
        users_with_two: number;
      }>(
        `SELECT (SELECT count(*)::int FROM flash_places WHERE sale_id = $1) AS places,
           (SELECT count(DISTINCT seq)::int FROM flash_places WHERE sale_id = $1) AS seqs,
           (SELECT max(seq) FROM flash_places WHERE sale_id = $1) AS max_seq,
           (SELECT count(*)::int FROM flash_places WHERE sale_id = $1 AND state IN ('won', 'paid')) AS held,
           (SELECT admitted FROM flash_sale_tallies WHERE sale_id = $1) AS admitted,
           (SELECT held FROM flash_sale_tallies WHERE sale_id = $1) AS tally_held,
           (SELECT count(*)::int FROM orders WHERE idempotency_key = 'flash:' || $1) AS orders,
           (SELECT count(*)::int FROM orders WHERE idempotency_key = 'flash:' || $1 AND paid_at IS NOT NULL) AS paid,
           (SELECT coalesce(sum(l.quantity), 0)::int FROM orders o JOIN order_lines l ON l.order_id = o.id
             WHERE o.idempotency_key = 'flash:' || $1 AND o.paid_at IS NOT NULL) AS units,
           (SELECT count(*)::int FROM (SELECT user_id FROM orders WHERE idempotency_key = 'flash:' || $1
             GROUP BY user_id HAVING count(*) > 1) x) AS users_with_two`,
        [saleId],
      );
      expect(books).toEqual({
        places: UNITS + OVERSUBSCRIPTION,
        seqs: UNITS + OVERSUBSCRIPTION,
        max_seq: UNITS + OVERSUBSCRIPTION,
        held: UNITS,
        admitted: UNITS + OVERSUBSCRIPTION,
        tally_held: UNITS,
        orders: UNITS,
        paid: UNITS,
        units: UNITS,
        users_with_two: 0,
      });
      console.log(
        `flash crash (${driver}): ${before.size} of ${SHOPPERS} answers before the kill, ${atKill!.places} places ` +
          `given (${atKill!.orderless} won without their order yet); after the restart ${UNITS} units sold once each`,
      );
    } finally {
      await db.close();
    }
  }, 300_000);
});
