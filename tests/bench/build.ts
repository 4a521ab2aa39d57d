/**
 * Build benchmark: times `npm run build:sites` for one storefront and for all of them (wall clock and peak
 * memory of the whole process tree), counts the pages, and prints HTML/JS bytes per page type.
 *   npm run bench:build                 # one region (id) then all
 *   BENCH_REGIONS=id,de npm run bench:build -- --only-subset
 */
import { spawn } from 'child_process';
import fs from 'fs';
import path from 'path';
import { pageWeights } from './page-weight';
import { treeRss } from './process-tree';

interface BuildRun {
  label: string;
  seconds: number;
  peakMiB: number;
  pages: number;
}

const publicDir = path.resolve('public');

function countPages(urlLocals: string[]): number {
  let pages = 0;
  for (const code of urlLocals) {
    const dir = path.join(publicDir, code);
    if (!fs.existsSync(dir)) continue;
    pages += fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name === 'index.html').length;
  }
  return pages;
}

function builtStorefronts(): string[] {
  if (!fs.existsSync(publicDir)) return [];
  return fs.readdirSync(publicDir).filter((name) => fs.existsSync(path.join(publicDir, name, 'sitemap.xml')));
}

async function timedBuild(label: string, regions: string): Promise<BuildRun> {
  const started = Date.now();
  let peak = 0;
  const child = spawn('npm', ['run', 'build:sites'], { env: { ...process.env, REGIONS: regions }, stdio: ['ignore', 'ignore', 'inherit'] });
  const timer = setInterval(() => {
    if (child.pid) peak = Math.max(peak, treeRss(child.pid));
  }, 250);
  const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  if (code !== 0) throw new Error(`${label}: build failed with exit code ${code}`);
  const codes = regions ? regions.split(',') : builtStorefronts();
  return { label, seconds: (Date.now() - started) / 1000, peakMiB: Math.round(peak / 1024 / 1024), pages: countPages(codes) };
}

async function main(): Promise<void> {
  const subset = process.env.BENCH_REGIONS ?? 'id';
  const runs: BuildRun[] = [];
  runs.push(await timedBuild(`REGIONS=${subset}`, subset));
  if (!process.argv.includes('--only-subset')) runs.push(await timedBuild('all storefronts', ''));

  console.log('\nBuild (npm run build:sites)');
  console.table(runs.map((r) => ({ build: r.label, pages: r.pages, 'wall s': r.seconds.toFixed(1), 'peak MiB': r.peakMiB, 'pages/s': (r.pages / r.seconds).toFixed(0) })));
  const first = subset.split(',')[0] ?? 'id';
  console.log(`\nBytes per page type, storefront ${first} (averages; JS = islands runtime + the page's widget chunks)`);
  console.table(pageWeights(publicDir, first).map((w) => ({ type: w.type, pages: w.pages, 'HTML': w.htmlBytes, 'HTML gz': w.htmlGzip, 'JS': w.jsBytes, 'JS gz': w.jsGzip })));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
