/**
 * The API server a benchmark measures: the whole app listening on loopback, each run on a fresh database of its own
 * (PGlite copied from the test template; Postgres in a new schema), so figures never include another run's rows and
 * nothing is left behind.
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openPg } from '../../server/db/pg-driver';
import { openPglite } from '../../server/db/pglite-driver';
import type { Database } from '../../server/db/types';
import { freshPgliteDir } from '../../server/test-support/template';

/** The Postgres a benchmark may use (DATABASE_URL, else TEST_DATABASE_URL); undefined when neither is set. */
export const benchPostgresUrl = (): string | undefined =>
  process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];

/** Runs `use` on a fresh PGlite (migrated, not seeded) in a folder of its own, then closes and deletes it. */
export async function withFreshPglite(use: (db: Database, dataDir: string) => Promise<void>): Promise<void> {
  const dir = await freshPgliteDir();
  const db = await openPglite(dir);
  try {
    await use(db, dir);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `use` in a new schema of the Postgres at `url` (a pool of `connections`), then drops the schema. */
export async function withFreshPostgres(
  url: string,
  connections: number,
  use: (db: Database) => Promise<void>,
): Promise<void> {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const db = await openPg(url, { schema, max: connections });
  try {
    await use(db);
  } finally {
    await dropSchema(db, schema);
    await db.close();
  }
}

/**
 * Drops a benchmark's schema. Requests the load generator gave up on at the end of a run may still be running their
 * statements after the app closed (an order placement locks several tables), and DROP SCHEMA then loses a deadlock
 * against them: wait and try again instead of losing the whole run.
 */
async function dropSchema(db: Database, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === 5) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Which database a run is on, as a benchmark prints it. */
export type BenchDriver = 'PGlite' | 'Postgres';

/**
 * Runs `run` on a fresh PGlite (unless `pglite` is false: large files make it slow), then on a fresh Postgres schema
 * when a URL is set, or says Postgres was skipped. `pgliteDir` is PGlite's data folder, for benchmarks of disk use.
 */
export async function onEachDriver(
  options: { pglite?: boolean; pgConnections: number },
  run: (driver: BenchDriver, db: Database, pgliteDir: string | null) => Promise<void>,
): Promise<void> {
  if (options.pglite ?? true) await withFreshPglite((db, dir) => run('PGlite', db, dir));
  const url = benchPostgresUrl();
  if (!url) return console.log('Postgres skipped: set DATABASE_URL or TEST_DATABASE_URL');
  await withFreshPostgres(url, options.pgConnections, (db) => run('Postgres', db, null));
}

/** Listens on a free loopback port and returns the base URL (`http://127.0.0.1:<port>`). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * The whole app on `db`, silent, listening on loopback. It trusts the loopback proxy, so a benchmark's requests can
 * come from many client addresses (X-Forwarded-For) and per-address limits apply as they would behind a CDN.
 * `seed: false` skips loading the content snapshots (a benchmark that makes its own rows starts faster).
 */
export async function startBenchApp(
  db: Database,
  options: { seed: boolean },
): Promise<{ app: FastifyInstance; base: string; close: () => Promise<void> }> {
  // The static site is not measured: an empty public folder of its own, deleted on close.
  const publicDir = fs.mkdtempSync('/tmp/bench-public-');
  const app = await buildApp({
    db,
    logger: false,
    seed: options.seed,
    env: { PUBLIC_DIR: publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
  });
  const base = await listen(app);
  return {
    app,
    base,
    async close() {
      await app.close();
      fs.rmSync(publicDir, { recursive: true, force: true });
    },
  };
}
