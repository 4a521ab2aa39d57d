/**
 * `npm run lhci`'s collection step, in place of a bare `lhci collect`: starts the server on the built storefronts,
 * then audits every page of lighthouserc.cjs's set round by round (each page once per round, so that a slow minute
 * of the host falls on one run of several pages, not on every run of one page). At the start of each round it
 * measures the host's benchmark index and gives the round the CPU slowdown that emulates Lighthouse's target phone
 * at that speed (cpu-slowdown.ts). LHCI_CPU_SLOWDOWN fixes the slowdown instead (4 is Lighthouse's default).
 * The reports land in .lighthouseci as lhci's own collect leaves them, for `lhci upload` and `lhci assert`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startLocalServer } from '../local-server';
import { cpuSlowdownFor } from './cpu-slowdown';
import { measureBenchmarkIndex } from './host-benchmark';
import { signedInShopper } from './shopper';

interface LighthouseRc {
  port: string;
  urls: string[];
  runs: number;
  chromeFlags: string[];
  shoppingPage: RegExp;
  ci: { collect: { chromePath: string } };
}

const RC_PATH = 'tests/lighthouse/lighthouserc.cjs';
// CommonJS, because lhci require()s it.
const rc = require(path.resolve(RC_PATH)) as LighthouseRc;
const fixedSlowdown = Number(process.env['LHCI_CPU_SLOWDOWN']) || undefined;
const lhciCli = require.resolve('@lhci/cli/src/cli.js');

async function slowdownForRound(): Promise<{ slowdown: number; note: string }> {
  if (fixedSlowdown) return { slowdown: fixedSlowdown, note: `fixed CPU slowdown ${fixedSlowdown}×` };
  const { median, readings } = await measureBenchmarkIndex(rc.ci.collect.chromePath, rc.chromeFlags);
  const slowdown = cpuSlowdownFor(median);
  return { slowdown, note: `host benchmark ${median} (median of ${readings.join(', ')}) → CPU slowdown ${slowdown}×` };
}

async function main(): Promise<void> {
  const server = await startLocalServer(rc.port, '.data/lhci');
  try {
    // One shopper for the whole collection: each sign-up would count against the storefront's sign-up limit.
    const shopping = rc.urls.find((url) => rc.shoppingPage.test(url));
    const shopperCookies = shopping
      ? await signedInShopper(
          server.base,
          new URL(shopping).pathname.split('/')[1] ?? '',
          rc.ci.collect.chromePath,
          rc.chromeFlags,
        )
      : [];
    for (let run = 1; run <= rc.runs; run += 1) {
      const { slowdown, note } = await slowdownForRound();
      console.log(`Lighthouse round ${run} of ${rc.runs}, ${rc.urls.length} pages: ${note}`);
      for (const url of rc.urls) {
        const lhci = spawnSync(process.execPath, [lhciCli, 'collect', `--config=${RC_PATH}`, '--additive'], {
          env: {
            ...process.env,
            LHCI_URL: url,
            LHCI_CPU_SLOWDOWN: String(slowdown),
            LHCI_SHOPPER_COOKIES: JSON.stringify(shopperCookies),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        if (lhci.status !== 0) throw new Error(`lhci collect failed on ${url} (exit ${lhci.status ?? lhci.signal})`);
      }
    }
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
