import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../test-support/harness';
import { freshPgliteDir } from '../test-support/template';
import { openPg } from '../db/pg-driver';
import { openPglite } from '../db/pglite-driver';
import { migrate } from '../db/migrate';
import type { Database } from '../db/types';
import { rateLimitsRepository } from './rate-limits';

describe.each(drivers)('rate-limit counters (%s)', (driver) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (driver === 'pg') {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      db = await openPg(process.env['TEST_DATABASE_URL']!, { schema });
      await migrate(db);
      cleanup = async () => {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      };
    } else {
      const dir = await freshPgliteDir();
      db = await openPglite(dir);
      cleanup = async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
  });
  afterAll(async () => cleanup?.());

  const key = () => `test|${randomBytes(4).toString('hex')}`;

  it('counts 30 parallel hits of one key as 1 to 30, each once, in fewer statements than hits', async () => {
    let statements = 0;
    const counting: Database = {
      ...db,
      query: (sql, params) => {
        statements++;
        return db.query(sql, params);
      },
    };
    const repo = rateLimitsRepository(counting);
    const k = key();
    const counts = await Promise.all(Array.from({ length: 30 }, () => repo.hit(k, 60)));
    expect(counts.map((c) => c.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(counts.every((c) => c.resetInSeconds >= 1 && c.resetInSeconds <= 60)).toBe(true);
    expect(statements).toBeLessThan(30);
    expect((await repo.hit(k, 60)).hits).toBe(31);
  });

  it('keeps keys apart in one statement, and a key asked with two window lengths gets both', async () => {
    const repo = rateLimitsRepository(db);
    const [a, b] = [key(), key()];
    const counts = await Promise.all([
      repo.hit(a, 60),
      repo.hit(b, 60),
      repo.hit(a, 60),
      repo.hit(b, 3600),
      repo.hit(a, 60),
    ]);
    expect(counts.map((c) => c.hits)).toEqual([1, 1, 2, expect.any(Number), 3]);
    expect(counts[3]!.resetInSeconds).toBeGreaterThan(0);
    const rows = await db.query<{ key: string; hits: number }>(
      `SELECT key, sum(hits)::int AS hits FROM rate_limit_hits WHERE key = ANY($1::text[]) GROUP BY key ORDER BY key`,
      [[a, b]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.key, r.hits]))).toEqual({ [a]: 3, [b]: 2 });
  });

  it('two processes counting the same keys at once, in opposite orders, never deadlock', async () => {
    const [one, other] = [rateLimitsRepository(db), rateLimitsRepository(db)];
    const keys = Array.from({ length: 8 }, key);
    for (let round = 0; round < 10; round++) {
      await Promise.all([...keys.map((k) => one.hit(k, 60)), ...[...keys].reverse().map((k) => other.hit(k, 60))]);
    }
    const rows = await db.query<{ hits: number }>(
      `SELECT sum(hits)::int AS hits FROM rate_limit_hits WHERE key = ANY($1::text[])`,
      [keys],
    );
    expect(rows[0]!.hits).toBe(keys.length * 2 * 10);
  });
});
