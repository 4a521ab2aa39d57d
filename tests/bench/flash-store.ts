import { benchDatabase } from './bench-database';
import { randomBytes } from 'node:crypto';
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
  const store = await benchDatabase('flash', driver === 'pglite', url);
  const env: Record<string, string> = {
    PUBLIC_DIR: store.publicDir,
    TRUST_PROXY: 'loopback',
    OPS_TOKEN: BENCH_OPS_TOKEN,
    ...store.env,
  };
  return {
    /** The store's database, for the benchmark (PGlite: only while no server holds it). */
    open: store.open,
    /** Starts the API process(es) on the store; the servers migrate and seed it as `npm start` does. */
    async start(): Promise<ServerProcess[]> {
      return driver === 'pg×2' || driver === 'pg+seckill' ? spawnServerPair(env) : [await spawnServer(env)];
    },
    remove: store.remove,
  };
}
