import pg from 'pg';
import type { Database, Queryable } from './types';
import { pgListener } from './pg-listener';

/** Opens a pool to a real Postgres; `schema` (tests) puts every connection on its own search_path. */
export async function openPg(connectionString: string, opts: { schema?: string; max?: number } = {}): Promise<Database> {
  const clientConfig = { connectionString, ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}) };
  const pool = new pg.Pool({ ...clientConfig, max: opts.max ?? 10 });
  const listener = pgListener(clientConfig);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (opts.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
  const prepared = preparedNames();
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const name = params.length > 0 ? prepared(sql) : undefined;
      const result = await (name ? c.query({ name, text: sql, values: params as unknown[] }) : c.query(sql, params as unknown[]));
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

/** Distinct statements kept prepared per connection; past this many, a new text runs unnamed (bounded memory). */
const MAX_PREPARED = 500;
const DML = /^(?:\s*--[^\n]*\n)*\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;

/**
 * Names for parameterised statements, so each connection parses and plans a statement once and then only binds it
 * (issue 12: a round trip's cost in the API process and in Postgres roughly halves). Only queries and DML: DDL
 * changes what prepared plans depend on. The app's statements are a fixed set of texts, but the cap keeps
 * generated ones from piling up on every connection.
 */
function preparedNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED && DML.test(sql)) names.set(sql, (name = `s${names.size + 1}`));
    return name;
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name ${name}`);
  return `"${name}"`;
}
