import { benchDatabase } from './bench-database';
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { serverDir } from '../../server/here';

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
  const store = await benchDatabase('analytics', driver === 'pglite', url);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_DIR: store.publicDir,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: logLevel,
    ...store.env,
  };
  // The PGlite run must not inherit the Postgres of the benchmark's own environment.
  if (store.pglite) delete env['DATABASE_URL'];
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
    open: store.open,
    remove: store.remove,
  };
}
