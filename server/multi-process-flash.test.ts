import { FLASH_OPS_TOKEN as OPS_TOKEN, setTestSale } from './test-support/flash-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerPair, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { establishedShopper, saveAddress } from './test-support/shoppers';
import type { Database } from './db/types';

const url = process.env['TEST_DATABASE_URL'];
const UNITS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two `npm run serve` processes on one Postgres: the sale sold out on one is answered "sold out" by the other from
 * its own flag (the `flash_sale` NOTIFY), without asking the database; a place released on one reopens the other.
 * Needs real Postgres; PGlite is one process.
 */
describe.skipIf(!url)('the flash-sale sold-out flag across API processes, one Postgres', () => {
  const store = processStore('pg', 'mpflash');
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;

  beforeAll(async () => {
    await store.create();
    [a, b] = await spawnServerPair(store.env({ OPS_TOKEN }));
    db = await store.open();
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await store.remove();
  });

  const shopper = async (server: ServerProcess) => {
    const s = await establishedShopper({ db, base: server.base });
    await saveAddress(s.client);
    return s;
  };
  const enter = (s: Awaited<ReturnType<typeof shopper>>, saleId: string) =>
    s.client.call('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: '10009' } });

  it('tells the other process at once, and reopens it when a place is released', async () => {
    const saleId = 'mp-flash';
    await setTestSale(a.base, {
      saleId,
      units: UNITS,
      paymentWindowSeconds: 60,
    });
    await sleep(300); // both gates read the set sale (NOTIFY `changed`)

    const winners = await Promise.all(Array.from({ length: UNITS }, () => shopper(a)));
    for (const w of winners) expect((await enter(w, saleId)).body.data.state).toBe('won');
    await sleep(200);
    // The database would now admit more (units raised behind the processes' backs, with no NOTIFY): only a process
    // that asks the database gives a place; one that trusts its sold-out flag answers "sold out".
    await db.query(`UPDATE flash_sales SET units = 100 WHERE id = $1`, [saleId]);
    const late = await shopper(b);
    const started = performance.now();
    const answer = await enter(late, saleId);
    const ms = performance.now() - started;
    expect(answer.body).toMatchObject({ errno: 0, data: { state: 'sold_out' } });
    expect((await enter(await shopper(a), saleId)).body.data.state).toBe('sold_out');
    await db.query(`UPDATE flash_sales SET units = $2 WHERE id = $1`, [saleId, UNITS]);
    const places = await db.query(`SELECT 1 FROM flash_places WHERE sale_id = $1`, [saleId]);
    expect(places).toHaveLength(UNITS);

    // The first winner's window passes unpaid: a sweep (either process) cancels the order and releases the unit,
    // and the NOTIFY reopens both gates, so a shopper on B gets the unit.
    await db.query(
      `UPDATE orders SET pay_before = now() - interval '1 second'
       WHERE id = (SELECT order_id FROM flash_places WHERE sale_id = $1 AND seq = 1)`,
      [saleId],
    );
    await db.query(`UPDATE flash_places SET pay_until = now() - interval '1 second' WHERE sale_id = $1 AND seq = 1`, [
      saleId,
    ]);
    const next = await shopper(b);
    let state = 'sold_out';
    for (let i = 0; i < 60 && state === 'sold_out'; i++) {
      await sleep(250);
      state = (await enter(next, saleId)).body.data.state;
    }
    expect(state).toBe('won');
    console.log(`flash sold-out flag across processes: B answered sold out in ${ms.toFixed(1)} ms`);
  }, 120_000);
});
