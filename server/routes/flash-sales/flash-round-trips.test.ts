import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openPg } from '../../db/pg-driver';
import { openPglite } from '../../db/pglite-driver';
import type { Database, Queryable } from '../../db/types';
import { drivers } from '../../test-support/harness';
import { freshPgliteDir } from '../../test-support/template';
import { quickShopper } from '../../test-support/shoppers';

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
const COMMODITY = '10009';
/**
 * One at a time, an ask before the sell-out was over four statements (the rate limit's hit, the session, the ask, a
 * settle, its outcome). Asks arriving together share the settles and outcomes, and the session reads and asks too
 * once they come faster than the database answers; the rate limit is counted in the process. At most two per ask.
 */
const BURST_ASKS = 200;
const BURST_STATEMENTS = 2 * BURST_ASKS;
/** After the sell-out an ask touches no table: only the app's own timers may run a statement meanwhile. */
const SOLD_OUT_STATEMENTS = 5;

describe.each(drivers)('flash sale round trips (%s)', (driver) => {
  let raw: Database;
  let app: FastifyInstance;
  let base: string;
  let cleanup: () => Promise<void>;
  let counting = false;
  const statements: string[] = [];

  /** The database as the app sees it, noting every statement while `counting` (BEGIN and COMMIT included). */
  function counted(db: Database): Database {
    const note = (sql: string) => void (counting && statements.push(sql));
    const wrap = (q: Queryable): Queryable => ({
      query: (sql, params) => {
        note(sql);
        return q.query(sql, params);
      },
    });
    return {
      ...wrap(db),
      driver: db.driver,
      exec: (sql) => db.exec(sql),
      listen: (channel, onPayload) => db.listen(channel, onPayload),
      close: () => db.close(),
      transaction: (fn) => {
        note('BEGIN');
        note('COMMIT');
        return db.transaction((tx) => fn(wrap(tx)));
      },
    };
  }

  beforeAll(async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-public-'));
    if (driver === 'pg') {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      raw = await openPg(process.env['TEST_DATABASE_URL']!, { schema, max: 12 });
      cleanup = async () => {
        await raw.query(`DROP SCHEMA ${schema} CASCADE`);
        await raw.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
        await raw.close();
      };
    } else {
      const dir = await freshPgliteDir();
      raw = await openPglite(dir);
      cleanup = async () => {
        await raw.close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
    app = await buildApp({
      db: counted(raw),
      logger: false,
      env: { PUBLIC_DIR: publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', OPS_TOKEN },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it(`answers ${BURST_ASKS} asks arriving together in ${BURST_STATEMENTS} statements, later ones in none`, async () => {
    const saleId = `rt-${driver}-${Date.now()}`;
    const startsAt = new Date(Date.now() - 1000);
    const set = await fetch(`${base}/api/ops/flash-sales`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        saleId,
        local: 'id',
        productId: 'xiaomi-15t-pro',
        commodityIds: [COMMODITY],
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
        units: 1,
        salePrice: 1_000_000,
      }),
    });
    expect((await set.json()).errno).toBe(0);
    await app.flashSales.refresh(saleId);
    const shoppers: Awaited<ReturnType<typeof quickShopper>>[] = [];
    for (let i = 0; i < BURST_ASKS + 50; i += 50)
      shoppers.push(...(await Promise.all(Array.from({ length: 50 }, () => quickShopper({ db: raw, base })))));
    const ask = (s: Awaited<ReturnType<typeof quickShopper>>) =>
      s.client.call('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: COMMODITY } });

    statements.length = 0;
    counting = true;
    const answers = await Promise.all(shoppers.slice(0, BURST_ASKS).map(ask));
    counting = false;
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(answers.filter((a) => a.body.data.state === 'won')).toHaveLength(1);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(BURST_STATEMENTS);

    // Every process learns the sell-out and reads its holders once; then an ask costs nothing.
    await new Promise((r) => setTimeout(r, 200));
    statements.length = 0;
    counting = true;
    const late = await Promise.all(shoppers.slice(BURST_ASKS).map(ask));
    counting = false;
    expect(late.every((a) => a.body.errno === 0 && a.body.data.state === 'sold_out')).toBe(true);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(SOLD_OUT_STATEMENTS);
  });
});
