import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverDir } from '../here';

/** A `npm run serve` process started by a test: its base URL, its output so far, and how to stop it. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, and the exit code once it has stopped. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash, no clean-up. */
  kill(): Promise<void>;
}

/** Starts server/server.ts in its own process on a free port and waits for its listening log line. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'server.ts')], {
    // LOG_LEVEL stays info: the listening line is how the test learns the port.
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never left running behind a failed test
      reject(new Error(`no listen line in: ${out}`));
    }, 90_000);
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  return {
    base,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Starts two processes on one environment together (their migration and seed locks let one work while the other
 * waits). When one fails to start, the other is stopped before the error is passed on, so no server outlives its test.
 */
export async function spawnServerPair(env: Record<string, string>): Promise<[ServerProcess, ServerProcess]> {
  const [a, b] = await Promise.allSettled([spawnServer(env), spawnServer(env)]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  await Promise.all([a, b].map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
  throw (a.status === 'rejected' ? a : (b as PromiseRejectedResult)).reason;
}
