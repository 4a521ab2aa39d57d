/**
 * Wall time and peak memory of any command, memory summed over its whole process tree (Gatsby renders in
 * worker processes, so the largest single process, what `/usr/bin/time -v` reports, is less than the build
 * holds), with the machine's load, for the build-scale figures of docs/build-scale.md:
 *   npx tsx tests/bench/measure.ts REGIONS=id npm run build
 */
import { timedRun } from './timed-run';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const env: Record<string, string> = {};
  while (args[0] && /^[A-Z_][A-Z0-9_]*=/.test(args[0])) {
    const [name = '', ...value] = (args.shift() as string).split('=');
    env[name] = value.join('=');
  }
  const [command, ...rest] = args;
  if (!command) throw new Error('usage: measure.ts [NAME=value …] command [args…]');
  const run = await timedRun(command, rest, { env, stdio: 'inherit' });
  const summary =
    `${Object.entries(env)
      .map(([k, v]) => `${k}=${v} `)
      .join('')}${args.join(' ')}: exit ${run.code}, ${run.seconds.toFixed(1)} s, peak ${run.peakMiB} MiB ` +
    `(process tree), load ${run.load.start.toFixed(2)} → ${run.load.end.toFixed(2)} (max ` +
    `${run.load.max.toFixed(2)}, 2 cores)`;
  console.log(`\nMEASURE ${summary}`);
  process.exit(run.code);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
