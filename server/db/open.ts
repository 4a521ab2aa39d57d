import type { Database } from './types';
import { openPg } from './pg-driver';
import { openPglite } from './pglite-driver';

export interface DatabaseOptions {
  /** Real Postgres when set; otherwise PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Postgres only: keep every table in this schema (one per test file). */
  schema?: string | undefined;
}

/** Opens the driver the options ask for. */
export function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPg(opts.databaseUrl, { schema: opts.schema }) : openPglite(opts.dataDir);
}
