import { spawn, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treeRss } from './process-tree';

export interface TimedRun {
  code: number;
  seconds: number;
  /** Highest sum of resident memory over the command and all its descendants (Gatsby's workers too). */
  peakMiB: number;
  /** The machine's 1-minute load average at the start, the end, and the highest seen meanwhile. */
  load: { start: number; end: number; max: number };
}

const loadNow = (): number => Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** Runs a command, sampling the memory of its whole process tree every 250 ms (Linux /proc). */
export async function timedRun(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions } = {},
): Promise<TimedRun> {
  const started = Date.now();
  const load = { start: loadNow(), end: 0, max: loadNow() };
  let peak = 0;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', ...options.env },
    stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'],
  });
  const timer = setInterval(() => {
    if (child.pid) peak = Math.max(peak, treeRss(child.pid));
    load.max = Math.max(load.max, loadNow());
  }, 250);
  const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  load.end = loadNow();
  return { code, seconds: (Date.now() - started) / 1000, peakMiB: Math.round(peak / 1024 / 1024), load };
}

/**
 * timedRun with the command's standard output (and its errors too when `errors` is 'log', else shown as they come)
 * written to a log file of its own, read back for what the command printed. A failure throws, naming the log.
 */
export async function timedRunLogged(
  label: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; errors: 'log' | 'inherit' },
): Promise<TimedRun & { log: string }> {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), `${label.replace(/\W+/g, '-')}.log`);
  const out = fs.openSync(logFile, 'w');
  const run = await timedRun(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', out, options.errors === 'log' ? out : 'inherit'],
  });
  fs.closeSync(out);
  const log = fs.readFileSync(logFile, 'utf8');
  if (run.code !== 0)
    throw new Error(`${label}: failed with exit code ${run.code} (log: ${logFile})\n${log.slice(-4000)}`);
  return { ...run, log };
}
