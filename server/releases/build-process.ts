/**
 * Runs one build as a child process and reports its output line by line. The child gets its own process group,
 * so stopping a build (the API shuts down) stops Gatsby's workers with it.
 */
import { spawn } from 'node:child_process';

/** The project's own build of the storefronts in REGIONS, without publishing (build-child.ts). */
export const DEFAULT_BUILD_COMMAND = ['npx', 'tsx', 'server/releases/build-child.ts'];

/** The command of RELEASE_BUILD_COMMAND (a JSON array of strings), or the default. */
export function buildCommand(configured: string | undefined): string[] {
  if (!configured) return DEFAULT_BUILD_COMMAND;
  const parsed = JSON.parse(configured) as unknown;
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((part) => typeof part === 'string'))
    throw new Error('RELEASE_BUILD_COMMAND must be a JSON array of strings');
  return parsed as string[];
}

export interface RunningBuild {
  /** Resolves with the exit status when the child has ended (0: built). */
  done: Promise<{ code: number | null; signal: string | null }>;
  /** Stops the child and everything it started. */
  stop(): void;
}

/** Starts `command` with `env`; `onLine` gets every line of its standard output and error. */
export function startBuildProcess(
  command: string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): RunningBuild {
  const child = spawn(command[0]!, command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) onLine(part);
    });
    stream.on('end', () => {
      if (rest) onLine(rest);
    });
  };
  lines(child.stdout);
  lines(child.stderr);
  const done = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    child.once('error', (error) => {
      onLine(`could not start the build: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    done,
    stop() {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // ended already
      }
    },
  };
}
