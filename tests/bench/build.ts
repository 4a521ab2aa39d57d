/**
 * Build benchmark: a cold build of our storefronts and, side by side in the same run, a cold build of a trivial
 * Gatsby site with the same page count from the same node_modules (tests/bench/trivial-site.ts). Prints wall
 * time, peak memory of the whole process tree, the ratio ours/trivial, and HTML/JS bytes per page type.
 *   npm run bench:build                          # all storefronts (several minutes)
 *   BENCH_REGIONS=id,de npm run bench:build      # a subset
 * Cold means without Gatsby's .cache, and for all storefronts without public/ either (as after a fresh clone:
 * the served site is releases/, public/ is only the build's work folder); with BENCH_REGIONS, only those
 * storefronts are built (as a one-country build does; the served release keeps the others online).
 */
import fs from 'fs';
import path from 'path';
import { gatsbyCpuCount } from '../../plugins/storefront-pages/build-plan/render-workers';
import { pageWeights } from './page-weight';
import { timedRunLogged } from './timed-run';
import { writeTrivialSite } from './trivial-site';

interface BuildRun {
  label: string;
  seconds: number;
  peakMiB: number;
  pages: number;
  steps: Map<string, number>;
}

const publicDir = path.resolve('public');

function countPages(root: string, folders: string[]): number {
  let pages = 0;
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    pages += fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name === 'index.html').length;
  }
  return pages;
}

/** Gatsby's step lines ("success Building static HTML for pages - 55.256s"), summed by step name. */
export function stepSeconds(log: string): Map<string, number> {
  const steps = new Map<string, number>();
  // eslint-disable-next-line no-control-regex
  for (const match of log.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').matchAll(/^success (.+?) - (\d+(?:\.\d+)?)s/gm)) {
    const name = (match[1] ?? '').replace(/^storefront .*/, 'storefront (createPages)');
    steps.set(name, (steps.get(name) ?? 0) + Number(match[2]));
  }
  return steps;
}

async function timed(label: string, command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<{ seconds: number; peakMiB: number; steps: Map<string, number> }> {
  // The build's own output goes to a log, read back for its step times.
  const run = await timedRunLogged(label, command, args, { ...options, errors: 'inherit' });
  return { seconds: run.seconds, peakMiB: run.peakMiB, steps: stepSeconds(run.log) };
}

async function main(): Promise<void> {
  const regions = process.env.BENCH_REGIONS ?? '';
  fs.rmSync('.cache', { recursive: true, force: true });
  if (!regions) fs.rmSync(publicDir, { recursive: true, force: true });
  const ours = await timed('ours', 'npm', ['run', 'build:sites'], { env: regions ? { REGIONS: regions } : { REGIONS: '' } });
  const folders = regions ? regions.split(',') : fs.readdirSync(publicDir).filter((name) => fs.existsSync(path.join(publicDir, name, 'sitemap.xml')));
  const pages = countPages(publicDir, folders);
  const runs: BuildRun[] = [{ label: regions ? `ours (REGIONS=${regions})` : 'ours (all storefronts)', pages, ...ours }];

  const trivialDir = writeTrivialSite(pages);
  try {
    // The same render workers as ours (gatsby-config.ts), so the ratio compares work per page, not worker counts.
    const trivial = await timed('trivial', path.resolve('node_modules/.bin/gatsby'), ['build'], { cwd: trivialDir, env: { NODE_OPTIONS: '--max-old-space-size=8192', GATSBY_CPU_COUNT: gatsbyCpuCount() } });
    runs.push({ label: 'trivial Gatsby site', pages: countPages(path.join(trivialDir, 'public'), ['p']), ...trivial });
  } finally {
    fs.rmSync(trivialDir, { recursive: true, force: true });
  }

  console.log(`\nCold builds (no .cache), same page count, same node_modules, GATSBY_CPU_COUNT=${gatsbyCpuCount()} for both`);
  console.table(runs.map((r) => ({ build: r.label, pages: r.pages, 'wall s': r.seconds.toFixed(1), 'peak MiB': r.peakMiB, 'pages/s': (r.pages / r.seconds).toFixed(0) })));
  const [mine, baseline] = runs;
  if (mine && baseline) {
    console.log(`ratio ours/trivial: ${(mine.seconds / baseline.seconds).toFixed(2)}× (target ≤ 2×); our peak memory ${mine.peakMiB} MiB (target < 3072)`);
    // Where the difference is: every step that took at least a second in either build.
    const names = [...new Set([...mine.steps.keys(), ...baseline.steps.keys()])].filter((name) => Math.max(mine.steps.get(name) ?? 0, baseline.steps.get(name) ?? 0) >= 1);
    console.log('\nSteps of at least 1 s in either build (seconds)');
    console.table(names.map((name) => ({ step: name, ours: (mine.steps.get(name) ?? 0).toFixed(1), trivial: (baseline.steps.get(name) ?? 0).toFixed(1) })));
  }
  const first = folders[0] ?? 'id';
  console.log(`\nBytes per page type, storefront ${first} (averages; JS = islands runtime + the page's widget chunks)`);
  console.table(pageWeights(publicDir, first).map((w) => ({ type: w.type, pages: w.pages, HTML: w.htmlBytes, 'HTML gz': w.htmlGzip, JS: w.jsBytes, 'JS gz': w.jsGzip })));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
