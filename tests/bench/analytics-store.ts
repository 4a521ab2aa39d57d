import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPg } from '../../server/db/pg-driver';
import { openPglite } from '../../server/db/pglite-driver';
import type { Database } from '../../server/db/types';
import { serverDir } from '../../server/here';
import { freshPgliteDir } from '../../server/test-support/template';

/** A port nobody listens on now (the API process is told to take it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The API as `npm run serve` runs it, in a process of its own on a fresh store (PGlite copied from the migrated test
 * template, or a new schema of the Postgres at `url`), so the load generator never shares its event loop. Its log goes
 * where production's does not matter here (discarded) but is written at `logLevel` as production writes it.
 */
export async function analyticsBenchStore(
  driver: 'pglite' | 'pg',
  url: string | undefined,
  logLevel: string,
  /** Where the API writes a CPU profile of its run (node --cpu-prof), when given. */
  profileDir?: string,
) {
  if (driver === 'pg' && !url) throw new Error('Postgres needs DATABASE_URL or TEST_DATABASE_URL');
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-public-'));
  const dataDir = driver === 'pglite' ? await freshPgliteDir() : null;
  const schema = `bench_analytics_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  if (!dataDir) await admin(`CREATE SCHEMA ${schema}`);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_DIR: publicDir,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: logLevel,
  };
  // The PGlite run must not inherit the Postgres of the benchmark's own environment.
  if (dataDir) {
    delete env['DATABASE_URL'];
    env['DATA_DIR'] = dataDir;
  } else env['DATABASE_URL'] = `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(serverDir, 'server.ts')], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  // Ready when it answers its health check (it migrates, seeds and rolls the analytics partitions first).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited ${child.exitCode}: ${errors}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    /** Stops the API (SIGTERM, then waits for it). */
    async stop(): Promise<void> {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    /** The store's database (PGlite: only once the API stopped). */
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
