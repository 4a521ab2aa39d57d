import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { openPg } from '../../db/pg-driver';
import { openPglite } from '../../db/pglite-driver';
import type { Database } from '../../db/types';
import { countingDatabase } from '../../test-support/counting-db';
import { drivers, randomAddress } from '../../test-support/harness';
import { freshPgliteDir } from '../../test-support/template';
import { sellable } from '../../test-support/fixtures';
import { usersRepository } from '../../repositories/users';
import { Errno } from '../../errors';

/**
 * A cart add was once about ten statements, one round trip each. These budgets keep it from creeping back: a
 * visitor's add is the rate-limit hit plus one call of cart_add; a signed-in shopper's adds the session lookup.
 */
const VISITOR_ADD_STATEMENTS = 2;
const USER_ADD_STATEMENTS = 3;

describe.each(drivers)('cart add round trips (%s)', (driver) => {
  let raw: Database;
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  const statements: string[] = [];
  /**
   * Set while a counted request runs: a statement is written down only when it runs in that request's async context,
   * so the app's own timers (the mail worker, payment reconciliation, the job queue's polling, data-rights jobs) that
   * happen to fire during the request are never counted against it.
   */
  const inCountedRequest = new AsyncLocalStorage<true>();

  /** Notes a statement only when it runs in a counted request's async context. */
  const counting = (db: Database) =>
    countingDatabase(db, (sql) => void (inCountedRequest.getStore() && statements.push(sql)));

  beforeAll(async () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-public-'));
    if (driver === 'pg') {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      raw = await openPg(process.env['TEST_DATABASE_URL']!, { schema });
      cleanup = async () => {
        await raw.query(`DROP SCHEMA ${schema} CASCADE`);
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
      db: counting(raw),
      logger: false,
      env: { PUBLIC_DIR: publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  const add = (commodityId: string, cookie?: string, quantity = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/id/cart/add',
      remoteAddress: randomAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: `cartV=20000&commodityId=${commodityId}&quantity=${quantity}`,
    });

  /** Statements the app runs for `call`, and only those (see `inCountedRequest`). */
  async function countFor(call: () => Promise<unknown>): Promise<string[]> {
    statements.length = 0;
    await inCountedRequest.run(true, call);
    return [...statements];
  }

  it(`a visitor's add, first or not, is at most ${VISITOR_ADD_STATEMENTS} statements`, async () => {
    const item = await sellable(raw, 3);
    let cookie = '';
    const first = await countFor(async () => {
      const r = await add(item.commodity_id);
      expect(r.json().errno).toBe(0);
      cookie = String(r.headers['set-cookie']).split(';')[0]!;
    });
    expect(first.some((sql) => sql.includes('cart_add'))).toBe(true);
    expect(first.length, first.join('\n')).toBeLessThanOrEqual(VISITOR_ADD_STATEMENTS);
    const next = await countFor(async () =>
      expect((await add(item.commodity_id, cookie)).json().data.unified_cart_data.items[0].product_num).toBe(2),
    );
    expect(next.length, next.join('\n')).toBeLessThanOrEqual(VISITOR_ADD_STATEMENTS);
  });

  it(`a signed-in shopper's add is at most ${USER_ADD_STATEMENTS} statements`, async () => {
    const users = usersRepository(raw);
    const user = (await users.create(raw, {
      email: `r${randomBytes(6).toString('hex')}@example.com`,
      passwordHash: 'not-a-hash',
      nickname: 'Rt',
    }))!;
    const cookie = `serviceToken=${await users.createSession(user.id)}`;
    const item = await sellable(raw, 2, 1);
    const used = await countFor(async () => expect((await add(item.commodity_id, cookie)).json().errno).toBe(0));
    expect(used.length, used.join('\n')).toBeLessThanOrEqual(USER_ADD_STATEMENTS);
  });

  it('reads prices and limits at the add: a change by staff (or a reseed) shows on the very next add', async () => {
    const item = await sellable(raw, 3, 2);
    const r = await add(item.commodity_id);
    const cookie = String(r.headers['set-cookie']).split(';')[0]!;
    const before = r.json().data.unified_cart_data.items[0].sale_price as number;
    const saved = (
      await raw.query<{ sale_price: string }>(
        `SELECT sale_price::text FROM offers WHERE commodity_id = $1 AND local = 'id'`,
        [item.commodity_id],
      )
    )[0]!;
    await raw.query(`UPDATE offers SET sale_price = sale_price + 1000 WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    await raw.query(`UPDATE products SET purchase_limit = 2 WHERE id = $1`, [item.product_id]);
    try {
      const next = await add(item.commodity_id, cookie);
      expect(next.json().data.unified_cart_data.items[0].sale_price).toBe(before + 1000);
      expect((await add(item.commodity_id, cookie)).json().errno).toBe(Errno.PURCHASE_LIMIT);
    } finally {
      await raw.query(`UPDATE offers SET sale_price = $2::numeric WHERE commodity_id = $1 AND local = 'id'`, [
        item.commodity_id,
        saved.sale_price,
      ]);
      await raw.query(`UPDATE products SET purchase_limit = $2 WHERE id = $1`, [item.product_id, item.purchase_limit]);
    }
  });
});
