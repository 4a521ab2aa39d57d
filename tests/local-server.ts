import { spawn } from 'node:child_process';
import path from 'node:path';

export interface LocalServer {
  base: string;
  stop(): void;
}

/**
 * Starts the store's server (static releases and the API, `npm run serve`) on a loopback port for a benchmark or an
 * audit, and resolves once its health route answers. `dataDir` is the embedded database's folder.
 */
export async function startLocalServer(port: number | string, dataDir: string): Promise<LocalServer> {
  const base = `http://127.0.0.1:${port}`;
  // Its own process group, so that stopping it also stops what tsx starts.
  const server = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer on ${base}/api/health`);
}
