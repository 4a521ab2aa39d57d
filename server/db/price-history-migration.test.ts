import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { splitStatements } from './migrate';

/** The statements of migration 052 that carry existing offers over into price_history. */
const carryOver = splitStatements(
  fs.readFileSync(path.join(import.meta.dirname, 'migrations', '052_price_history.sql'), 'utf8'),
).filter((s) => s.startsWith('INSERT INTO price_history'));

describe.each(drivers)('the price history of offers that existed before it (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('carries over the release history and starts each offer where its stock started', async () => {
    expect(carryOver).toHaveLength(2);
    const picked = await server.db.query<{ commodity_id: string; local: string }>(
      `SELECT commodity_id, local FROM offers WHERE local IN ('de', 'fr') AND sale_price > 100
       ORDER BY local, commodity_id LIMIT 4`,
    );
    const [a, b, c, d] = picked;
    const keys = JSON.stringify(picked);
    const q = (sql: string, params: unknown[] = []) => server.db.query(sql, params);
    // a: priced by a release 20 days ago; its stock started 100 days ago.
    await q(`UPDATE offers SET sale_price = 90, market_price = 120 WHERE commodity_id = $1 AND local = $2`, [
      a!.commodity_id,
      a!.local,
    ]);
    // c: the same release history, then a seed changed its price (not recorded before this table).
    await q(`UPDATE offers SET sale_price = 80 WHERE commodity_id = $1 AND local = $2`, [c!.commodity_id, c!.local]);
    for (const o of [a!, c!])
      await q(
        `INSERT INTO offer_price_history (local, commodity_id, valid_from, currency, sale_price, release_id)
         VALUES ($1, $2, '-infinity', 'EUR', 100, NULL), ($1, $2, now() - interval '20 days', 'EUR', 90, 'r-x')`,
        [o.local, o.commodity_id],
      );
    await q(
      `UPDATE stock_movements SET created_at = now() - interval '100 days'
       WHERE commodity_id = $1 AND local = $2 AND reason = 'snapshot start'`,
      [a!.commodity_id, a!.local],
    );
    // c's stock started after its first release change (a ledger rebuilt later): its first price keeps no start.
    await q(
      `UPDATE stock_movements SET created_at = now() - interval '5 days'
       WHERE commodity_id = $1 AND local = $2 AND reason = 'snapshot start'`,
      [c!.commodity_id, c!.local],
    );
    // b: no release history; its stock started 50 days ago. d: no record at all.
    await q(
      `UPDATE stock_movements SET created_at = now() - interval '50 days'
       WHERE commodity_id = $1 AND local = $2 AND reason = 'snapshot start'`,
      [b!.commodity_id, b!.local],
    );
    await q(`DELETE FROM stock_movements WHERE commodity_id = $1 AND local = $2`, [d!.commodity_id, d!.local]);
    await q(
      `DELETE FROM price_history h USING jsonb_to_recordset($1::jsonb) AS x(commodity_id text, local text)
       WHERE h.commodity_id = x.commodity_id AND h.local = x.local`,
      [keys],
    );

    for (const statement of carryOver) await q(statement);
    // Run twice (a migration retried by hand): nothing doubles.
    for (const statement of carryOver) await q(statement);

    const rows = await server.db.query<{
      commodity_id: string;
      days_ago: number | null;
      sale_price: number;
      source: string;
      release_id: string | null;
    }>(
      `SELECT h.commodity_id,
         CASE WHEN isfinite(h.valid_from) THEN round(extract(epoch FROM now() - h.valid_from) / 86400)::int END
           AS days_ago,
         h.sale_price::float8 AS sale_price, h.source, h.release_id
       FROM price_history h JOIN jsonb_to_recordset($1::jsonb) AS x(commodity_id text, local text)
         ON h.commodity_id = x.commodity_id AND h.local = x.local
       ORDER BY h.local, h.commodity_id, h.valid_from`,
      [keys],
    );
    const of = (id: string) => rows.filter((r) => r.commodity_id === id).map(({ commodity_id: _, ...r }) => r);
    expect(of(a!.commodity_id)).toEqual([
      { days_ago: 100, sale_price: 100, source: 'earlier', release_id: null },
      { days_ago: 20, sale_price: 90, source: 'earlier', release_id: 'r-x' },
    ]);
    expect(of(b!.commodity_id)).toHaveLength(1);
    expect(of(b!.commodity_id)[0]).toMatchObject({ days_ago: 50, source: 'earlier' });
    expect(of(c!.commodity_id).slice(1)).toEqual([
      { days_ago: 20, sale_price: 90, source: 'earlier', release_id: 'r-x' },
      { days_ago: 0, sale_price: 80, source: 'earlier', release_id: null },
    ]);
    expect(of(c!.commodity_id)[0]).toMatchObject({ days_ago: null, sale_price: 100 });
    expect(of(d!.commodity_id)).toEqual([
      { days_ago: null, sale_price: expect.any(Number), source: 'earlier', release_id: null },
    ]);
  });
});
