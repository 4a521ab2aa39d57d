import {
  FLASH_COMMODITY as COMMODITY,
  FLASH_OPS_TOKEN as OPS_TOKEN,
  setTestSale,
} from '../../test-support/flash-sales';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openPg } from '../../db/pg-driver';
import { openPglite } from '../../db/pglite-driver';
import type { Database } from '../../db/types';
import { countingDatabase } from '../../test-support/counting-db';
import { drivers } from '../../test-support/harness';
import { freshPgliteDir } from '../../test-support/template';
import { quickShopper } from '../../test-support/shoppers';

/**
 * One at a time, an ask before the sell-out was over four statements (the rate limit's hit, the session, the ask, a
 * settle, its outcome). The rate limit is now counted in the process, and asks arriving together share their settles
 * and outcomes (and their session reads and asks too once they come faster than the database answers): at most
 * three per ask however they are spread over time.
 */
const BURST_ASKS = 200;
const BURST_STATEMENTS = 3 * BURST_ASKS;
/** After the sell-out an ask touches no table: only the app's own timers may run a statement meanwhile. */
const SOLD_OUT_STATEMENTS = 5;

describe.each(drivers)('flash sale round trips (%s)', (driver) => {
  let raw: Database;
  let app: FastifyInstance;
  let base: string;
  let cleanup: () => Promise<void>;
  let counting = false;
  const statements: string[] = [];

  /** Notes every statement while `counting`. */
  const counted = (db: Database) => countingDatabase(db, (sql) => void (counting && statements.push(sql)));

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
    await setTestSale(base, {
      saleId,
      units: 1,
    });
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
    expect(statements.filter((sql) => sql.includes('rate_limit'))).toEqual([]);

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
