import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './types';

/** Opens the embedded Postgres (WASM) with its data in `dataDir`; the folder is created when missing. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    driver: 'pglite',
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    // PGlite has one connection; its transaction() holds a lock so other queries wait for the commit.
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // PGlite is one process's database, so its own LISTEN/NOTIFY reaches everyone who can see the data.
    listen: (channel, onPayload) => pg.listen(channel, onPayload),
    close: () => pg.close(),
  };
}
