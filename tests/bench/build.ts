/**
 * Build benchmark: a cold build of our storefronts and, side by side in the same run, cold builds of a trivial
 * Gatsby site with the same page count from the same node_modules (tests/bench/trivial-site.ts): one before ours
 * and one after, so a machine that speeds up or slows down during the run moves the baseline with it. Prints wall
 * time, peak memory of the whole process tree, the ratio of ours to the mean of the two baselines, and HTML/JS
 * bytes per page type.
 *   npm run bench:build                          # all storefronts (several minutes)
 *   BENCH_REGIONS=id,de npm run bench:build      # a subset
 * Cold means without Gatsby's .cache, and for all storefronts without public/ either (as after a fresh clone:
 * the served site is releases/, public/ is only the build's work folder); with BENCH_REGIONS, only those
 * storefronts are built (as a one-country build does; the served release keeps the others online). Our build is
 * timed with its publish, as `npm run build` runs it: the finished public/ made into a first release (no previous
 * one, as after a fresh clone) in a releases folder of its own in the temp folder, deleted afterwards. The outputs
 * of earlier builds are moved aside and deleted after the three builds are timed (set-aside.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { describePublish, publishRelease } from '../../plugins/storefront-pages/build-plan/publish';
import { gatsbyCpuCount } from '../../plugins/storefront-pages/build-plan/render-workers';
import { TRANSIENT_GATSBY_FAILURE } from '../../plugins/storefront-pages/build-plan/run-build';
import {
  loadPageBuildInputs,
  replayStorefrontPages,
} from '../../plugins/storefront-pages/page-builds/storefront-page-build';
import { selectedStorefronts } from '../../plugins/storefront-pages/selected-storefronts';
import { pageWeights } from './page-weight';
import { removeLeftovers, SetAside } from './set-aside';
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
    pages += fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name === 'index.html').length;
  }
  return pages;
}

/** The pages a build of these storefronts creates, from their page builders replayed without Gatsby. */
function plannedPages(regions: string): number {
  const inputs = loadPageBuildInputs();
  return selectedStorefronts(regions).reduce(
    (sum, storefront) => sum + replayStorefrontPages(storefront, inputs).pages,
    0,
  );
}

/**
 * Gatsby's step lines ("success Building static HTML for pages - 55.256s"), summed by step name. A long name is
 * wrapped before its time ("…files to public directory -\n13.265s").
 */
export function stepSeconds(log: string): Map<string, number> {
  const steps = new Map<string, number>();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes (ESC)
  for (const match of log.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').matchAll(/^success (.+?) -\s+(\d+(?:\.\d+)?)s/gm)) {
    const name = (match[1] ?? '').replace(/^storefront .*/, 'storefront (createPages)');
    steps.set(name, (steps.get(name) ?? 0) + Number(match[2]));
  }
  return steps;
}

async function timed(
  label: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<{ seconds: number; peakMiB: number; steps: Map<string, number> }> {
  // The build's own output goes to a log, read back for its step times.
  const run = await timedRunLogged(label, command, args, { ...options, errors: 'inherit' });
  return { seconds: run.seconds, peakMiB: run.peakMiB, steps: stepSeconds(run.log) };
}

/**
 * A timed build, timed once more (from cold again) after Gatsby's known transient failure, which runBuild retries too.
 */
async function withOneRetry<T>(label: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    if (!TRANSIENT_GATSBY_FAILURE.test((error as Error).message)) throw error;
    console.log(
      `${label} hit Gatsby's known transient failure (gatsbyjs/gatsby#35865): timing a cold build of it once more`,
    );
    return build();
  }
}

/** A cold build of the trivial site with `pages` pages, from its own temp folder (deleted with `aside`). */
async function trivialBuild(pages: number, label: string, aside: SetAside): Promise<BuildRun> {
  const trivialDir = writeTrivialSite(pages);
  aside.later(trivialDir);
  // The same render workers as ours (gatsby-config.ts), so the ratio compares work per page, not worker counts.
  const run = await timed('trivial', path.resolve('node_modules/.bin/gatsby'), ['build'], {
    cwd: trivialDir,
    env: { NODE_OPTIONS: '--max-old-space-size=8192', GATSBY_CPU_COUNT: gatsbyCpuCount() },
  });
  return { label, pages: countPages(path.join(trivialDir, 'public'), ['p']), ...run };
}

async function main(): Promise<void> {
  const regions = process.env.BENCH_REGIONS ?? '';
  const planned = plannedPages(regions);
  const cacheDir = path.resolve('.cache');
  const leftovers = removeLeftovers();
  if (leftovers.length > 0) console.log(`Deleted what an interrupted run set aside: ${leftovers.join(', ')}`);
  // Every build's predecessor is moved aside, not deleted, until all three are timed (set-aside.ts says why).
  const aside = new SetAside();
  try {
    await timeBuilds(regions, planned, cacheDir, aside);
  } finally {
    console.log(
      `\nDeleted the set-aside outputs of earlier builds in ${aside.empty().toFixed(1)} s (after timing, not before).`,
    );
  }
}

async function timeBuilds(regions: string, planned: number, cacheDir: string, aside: SetAside): Promise<void> {
  const before = await withOneRetry('The trivial site', () =>
    trivialBuild(planned, 'trivial Gatsby site, before ours', aside),
  );

  const ours = await withOneRetry('Our build', () => {
    aside.move(cacheDir);
    if (!regions) aside.move(publicDir);
    return timed('ours', 'npm', ['run', 'build:sites'], { env: regions ? { REGIONS: regions } : { REGIONS: '' } });
  });
  const folders = regions
    ? selectedStorefronts(regions).map((s) => s.urlLocal)
    : fs.readdirSync(publicDir).filter((name) => fs.existsSync(path.join(publicDir, name, 'sitemap.xml')));
  const pages = countPages(publicDir, folders);
  if (pages !== planned)
    throw new Error(
      `The build wrote ${pages} pages, its page builders planned ${planned}: the baselines would not ` +
        `compare like with like`,
    );
  // The publish, as runBuild does it after the build (linking public/'s files; a copy where the temp folder is
  // another file system, which the line below would show).
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-set-aside-releases-'));
  aside.later(releasesDir);
  const publishStarted = Date.now();
  const published = await publishRelease({ workDir: publicDir, releasesDir, mode: 'link' });
  const publishSeconds = (Date.now() - publishStarted) / 1000;
  console.log(describePublish(published, publishSeconds * 1000, 'public'));
  ours.steps.set('publish (a first release of public/)', publishSeconds);
  const mine: BuildRun = {
    label: regions ? `ours (REGIONS=${regions}) + publish` : 'ours (all storefronts) + publish',
    pages,
    ...ours,
    seconds: ours.seconds + publishSeconds,
  };

  const after = await withOneRetry('The trivial site', () =>
    trivialBuild(planned, 'trivial Gatsby site, after ours', aside),
  );
  const runs = [before, mine, after];
  const baselineSeconds = (before.seconds + after.seconds) / 2;
  console.log(
    `\nCold builds (no .cache), same page count, same node_modules, GATSBY_CPU_COUNT=${gatsbyCpuCount()} for all`,
  );
  console.table(
    runs.map((r) => ({
      build: r.label,
      pages: r.pages,
      'wall s': r.seconds.toFixed(1),
      'peak MiB': r.peakMiB,
      'pages/s': (r.pages / r.seconds).toFixed(0),
    })),
  );
  console.log(
    `ratio ours/trivial: ${(mine.seconds / baselineSeconds).toFixed(2)}× against the mean of the two ` +
      `baselines (${baselineSeconds.toFixed(1)} s; ` +
      `${(mine.seconds / before.seconds).toFixed(2)}× and ${(mine.seconds / after.seconds).toFixed(2)}× ` +
      `against each) (target ≤ 1.5×); our peak memory ${mine.peakMiB} MiB (target < 3072)`,
  );
  // Where the difference is: every step that took at least a second in any build.
  const names = [...new Set(runs.flatMap((r) => [...r.steps.keys()]))].filter(
    (name) => Math.max(...runs.map((r) => r.steps.get(name) ?? 0)) >= 1,
  );
  console.log('\nSteps of at least 1 s in any build (seconds)');
  console.table(
    names.map((name) => ({
      step: name,
      ours: (mine.steps.get(name) ?? 0).toFixed(1),
      'trivial before': (before.steps.get(name) ?? 0).toFixed(1),
      'trivial after': (after.steps.get(name) ?? 0).toFixed(1),
    })),
  );
  const first = folders[0] ?? 'id';
  console.log(`\nBytes per page type, storefront ${first} (averages; JS = islands runtime + the page's widget chunks)`);
  console.table(
    pageWeights(publicDir, first).map((w) => ({
      type: w.type,
      pages: w.pages,
      HTML: w.htmlBytes,
      'HTML gz': w.htmlGzip,
      JS: w.jsBytes,
      'JS gz': w.jsGzip,
    })),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
