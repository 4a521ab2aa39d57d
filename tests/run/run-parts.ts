/**
 * `npm test`: runs each part of the suite in order as its own npm script, stops at the first that fails, and ends
 * with how long each part took, so the README's figures can be measured rather than guessed.
 */
import { spawnSync } from 'node:child_process';

const PARTS = ['lint', 'imports', 'typecheck', 'test:unit', 'test:e2e', 'test:lhci', 'test:pseudo'] as const;

const timings: { part: string; seconds: number; ok: boolean }[] = [];
let failed = false;
for (const part of PARTS) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', part], { stdio: 'inherit' });
  const ok = run.status === 0;
  timings.push({ part, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) {
    failed = true;
    break;
  }
}

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
};
console.log('\nnpm test, part by part:');
for (const t of timings) console.log(`  ${t.ok ? 'passed' : 'FAILED'}  ${t.part.padEnd(12)} ${minutes(t.seconds)}`);
console.log(`  total${' '.repeat(15)}${minutes(timings.reduce((sum, t) => sum + t.seconds, 0))}`);
process.exit(failed ? 1 : 0);
