import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPg } from '../db/pg-driver';
import { openPglite } from '../db/pglite-driver';
import type { Database } from '../db/types';
import type { Driver } from './harness';

/**
 * The data of a store that a test runs as server processes (`spawnServer`), kills and starts again: a PGlite folder,
 * or a schema of the test Postgres that several processes share. The test reads the books afterwards with `open()`.
 */
export interface ProcessStore {
  /** The environment of a server process on this store (PUBLIC_DIR, TRUST_PROXY, the database), plus `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Makes the Postgres schema (nothing for PGlite); call before the first process starts. */
  create(): Promise<void>;
  /** The store's database, for the test to read while no process holds it (PGlite) or alongside them (Postgres). */
  open(): Promise<Database>;
  /** Drops the schema and removes the folders. */
  remove(): Promise<void>;
}

export function processStore(driver: Driver, name: string): ProcessStore {
  const url = process.env['TEST_DATABASE_URL'];
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), `storefront-${name}-public-`));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `storefront-${name}-data-`));
  const schema = `${name.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  return {
    env: (extra = {}) => ({
      PUBLIC_DIR: publicDir,
      TRUST_PROXY: 'loopback',
      ...(driver === 'pg'
        ? { DATABASE_URL: `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}` }
        : { DATA_DIR: dataDir }),
      ...extra,
    }),
    create: async () => (driver === 'pg' ? admin(`CREATE SCHEMA ${schema}`) : undefined),
    open: () => (driver === 'pg' ? openPg(url!, { schema }) : openPglite(dataDir)),
    async remove() {
      if (driver === 'pg') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      // The release console's job queue keeps its tables beside the schema (server/releases/boss.ts).
      if (driver === 'pg') await admin(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      fs.rmSync(publicDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
