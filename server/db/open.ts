import type { Database } from './types';

export interface DatabaseOptions {
  /** Real Postgres when set; otherwise PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Postgres only: keep every table in this schema (one per test file). */
  schema?: string | undefined;
}

/** Opens the driver the options ask for. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPg } = await import('./pg-driver');
    return openPg(opts.databaseUrl, { schema: opts.schema });
  }
  const { openPglite } = await import('./pglite-driver');
  return openPglite(opts.dataDir);
}
