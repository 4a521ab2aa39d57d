import pg from 'pg';
import type { Database, Queryable } from './types';
import { pgListener } from './pg-listener';

/** Opens a pool to a real Postgres; `schema` (tests) puts every connection on its own search_path. */
export async function openPg(
  connectionString: string,
  opts: { schema?: string; max?: number } = {},
): Promise<Database> {
  const clientConfig = {
    connectionString,
    ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}),
  };
  const pool = new pg.Pool({ ...clientConfig, max: opts.max ?? 10 });
  const listener = pgListener(clientConfig);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (opts.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await c.query(sql, params as unknown[]);
      return result.rows as T[];
    },
  });
  return {
    driver: 'pg',
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name ${name}`);
  return `"${name}"`;
}
