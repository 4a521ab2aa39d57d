import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPg } from '../../server/db/pg-driver';
import { openPglite } from '../../server/db/pglite-driver';
import type { Database } from '../../server/db/types';
import { freshPgliteDir } from '../../server/test-support/template';

/**
 * A store of a benchmark's own: a fresh PGlite folder, or a schema of its own on the benchmark's Postgres (`url`),
 * and an empty public folder, so a run never touches the developer's store nor another run's. The API processes it
 * starts take `env`; `open` reads the books afterwards (PGlite: only once no server holds the folder).
 */
export async function benchDatabase(name: string, pglite: boolean, url: string | undefined) {
  if (!pglite && !url) throw new Error('Postgres needs DATABASE_URL or TEST_DATABASE_URL');
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-public-`));
  const dataDir = pglite ? await freshPgliteDir() : null;
  const schema = `bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (!dataDir) await admin(`CREATE SCHEMA ${schema}`);
  return {
    publicDir,
    /** The database settings of the API's environment: DATA_DIR for PGlite, DATABASE_URL on the schema else. */
    env: (dataDir
      ? { DATA_DIR: dataDir }
      : { DATABASE_URL: `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }) as Record<string, string>,
    pglite: dataDir !== null,
    open: (): Promise<Database> => (dataDir ? openPglite(dataDir) : openPg(url!, { schema })),
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
