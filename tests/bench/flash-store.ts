import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPg } from '../../server/db/pg-driver';
import { openPglite } from '../../server/db/pglite-driver';
import type { Database } from '../../server/db/types';
import { freshPgliteDir } from '../../server/test-support/template';
import { spawnServer, spawnServerPair, type ServerProcess } from '../../server/test-support/processes';

/**
 * The API setups the flash-sale benchmark compares: one process on PGlite; on one Postgres, one process, two sharing
 * all traffic (pg×2), or two with the seckill host family on its own (pg+seckill: the sale on one, the rest of the
 * store on the other, as a deployment scales the family apart).
 */
export type FlashDriver = 'pglite' | 'pg' | 'pg×2' | 'pg+seckill';

/** The operator token of the benchmark's own servers (they listen on loopback only). */
export const BENCH_OPS_TOKEN = `flash-bench-${randomBytes(8).toString('hex')}`;

/**
 * A fresh store for one run: a PGlite folder copied from the migrated test template, or a new schema of the Postgres
 * at `url`. The benchmark writes its shoppers with `open()` before the servers start (PGlite has one process at a
 * time), runs the API as separate `npm run serve` processes (so the load generator never shares their event loop),
 * and reads the books with `open()` after they stopped.
 */
export async function flashStore(driver: FlashDriver, url: string | undefined) {
  if (driver !== 'pglite' && !url) throw new Error('Postgres needs DATABASE_URL or TEST_DATABASE_URL');
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flash-public-'));
  const dataDir = driver === 'pglite' ? await freshPgliteDir() : null;
  const schema = `bench_flash_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (!dataDir) await admin(`CREATE SCHEMA ${schema}`);
  const env: Record<string, string> = {
    PUBLIC_DIR: publicDir,
    TRUST_PROXY: 'loopback',
    OPS_TOKEN: BENCH_OPS_TOKEN,
    ...(dataDir
      ? { DATA_DIR: dataDir }
      : { DATABASE_URL: `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }),
  };
  return {
    /** The store's database, for the benchmark (PGlite: only while no server holds it). */
    open: (): Promise<Database> => (dataDir ? openPglite(dataDir) : openPg(url!, { schema })),
    /** Starts the API process(es) on the store; the servers migrate and seed it as `npm start` does. */
    async start(): Promise<ServerProcess[]> {
      return driver === 'pg×2' || driver === 'pg+seckill' ? spawnServerPair(env) : [await spawnServer(env)];
    },
    async remove(): Promise<void> {
      if (!dataDir) {
        await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      }
      fs.rmSync(publicDir, { recursive: true, force: true });
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
