/**
 * A release manager's price change (at most 30 s): one offer's price in one country changes in the
 * catalogue snapshot, and `npm start`'s build step (start.ts) rebuilds only the storefront it affects, re-renders
 * only the pages whose content changed, and publishes. Prints, per change, the wall time, the peak memory of the
 * whole process tree, the load average and what start.ts said it rebuilt.
 *   npm run bench:price-change                     # 5 changes of the de price of the catalogue's first offer there
 *   BENCH_CHANGES=3 BENCH_COUNTRY=fr npm run bench:price-change
 * Run it after a build of every storefront (npm start, or npm run build), as a release manager's machine has.
 * The snapshot is restored afterwards, and one last build puts the served release back on it (timed too).
 */
import fs from 'node:fs';
import path from 'node:path';
import { timedRunLogged, type TimedRun } from './timed-run';

const SNAPSHOT = path.resolve('content/snapshots/catalogue/products.json');
const country = process.env.BENCH_COUNTRY ?? 'de';
const changes = Number(process.env.BENCH_CHANGES ?? 5);

/**
 * The snapshot with the first offer of `country` at a new sale price: its text otherwise unchanged, as an edit makes
 * it.
 */
function withPrice(text: string, offerCountry: string, price: (old: number) => number): string {
  const offer = new RegExp(`("${offerCountry}":\\s*\\{[^{}]*?"salePrice":\\s*)(\\d+(?:\\.\\d+)?)`);
  const match = offer.exec(text);
  if (!match) throw new Error(`${SNAPSHOT} has no "${offerCountry}" offer with a salePrice`);
  return text.replace(offer, `${match[1]}${price(Number(match[2]))}`);
}

/** What start.ts printed about the plan ("Rebuilding 1 of 63 storefronts:", its reasons, "Built in …"). */
function planLines(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /^(Rebuilding|\s{2}\S+: |Built in|public\/ matches|Published)/.test(line))
    .map((line) => line.trim());
}

async function build(label: string): Promise<TimedRun & { label: string; said: string[] }> {
  const run = await timedRunLogged(label, 'npx', ['tsx', 'plugins/storefront-pages/build-plan/start.ts'], {
    errors: 'log',
  });
  return { ...run, label, said: planLines(run.log) };
}

async function main(): Promise<void> {
  const original = fs.readFileSync(SNAPSHOT, 'utf8');
  const runs: Awaited<ReturnType<typeof build>>[] = [];
  try {
    for (let i = 1; i <= changes; i += 1) {
      // One or two cents off, alternately: a real change each time, never above the market price (the build refuses
      // that).
      fs.writeFileSync(
        SNAPSHOT,
        withPrice(original, country, (old) => Math.round((old - (i % 2 === 1 ? 0.01 : 0.02)) * 100) / 100),
      );
      runs.push(await build(`change ${i}`));
      console.log(`${runs.at(-1)!.label}: ${runs.at(-1)!.seconds.toFixed(1)} s`);
    }
  } finally {
    fs.writeFileSync(SNAPSHOT, original);
  }
  runs.push(await build('restore'));

  console.log(
    `\nOne ${country} offer's price changed, then start.ts (npm start's build step); target ≤ 30 s per change`,
  );
  console.table(
    runs.map((r) => ({
      run: r.label,
      'wall s': r.seconds.toFixed(1),
      'peak MiB': r.peakMiB,
      'load start/max': `${r.load.start.toFixed(1)}/${r.load.max.toFixed(1)}`,
    })),
  );
  for (const run of runs) console.log(`${run.label}: ${run.said.join(' | ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
