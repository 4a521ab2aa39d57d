import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { groupBy } from '../group-by';
import { startTypeScriptWorker } from '../ts-worker';
import {
  compressFilesSync,
  emptyStats,
  removeIfPresent,
  SIBLINGS,
  type CompressionJob,
  type CompressionLevels,
  type CompressionStats,
} from './compress-files';

export type { CompressionLevels, CompressionStats } from './compress-files';

const WORKER_FILE = path.join(__dirname, 'compress-worker.ts');

/** What browsers download as text: pages, styles, scripts, images drawn as SVG, data, sitemaps, manifests. */
const COMPRESSIBLE = /\.(?:html|css|js|mjs|svg|json|xml|webmanifest|txt)$/;

/**
 * Two effort levels. Content-hashed files never change once written, so they get the best compression once.
 * Pages change with every build (57,000 of them for all storefronts), so they get fast levels:
 * - Brotli is what shoppers get (every current browser asks for it over HTTPS). Measured on the 984 pages of /de
 *   (42.3 KB average, `npm run bench:compression`): Brotli 3 gives 25.4 % of the page
 *   in 0.44 ms, Brotli 4 24.1 % in 0.89 ms, Brotli 5 22.4 % in 1.08 ms. Level 4 cost half the compression step
 *   (about 13 s of a cold build of all storefronts on 2 cores) for 600 bytes a page; the largest page type
 *   (product, 61 KB) is at the edge of a new connection's first round trip (about 14 KB) at either level
 *   (14.1 KB at 4, 14.7 KB at 3), so level 3.
 * - gzip only serves clients that do not take Brotli, so it gets the fastest level: gzip 1 gives 27.2 % in
 *   0.48 ms, gzip 6 23.7 % in 0.90 ms.
 */
export const PAGE_LEVELS: CompressionLevels = { brotli: 3, gzip: 1 };
export const HASHED_LEVELS: CompressionLevels = { brotli: 11, gzip: 9 };

/** Whether a file's name carries a content hash, so it is written once and never changes. */
export function isHashedAsset(relPath: string): boolean {
  return relPath.split(path.sep).join('/').startsWith('_widgets/');
}

/**
 * What a file is likely to share its bytes with: a page's app and iOS webviews (`{prefix}/app/…` and
 * `{prefix}/ios/…`, emitted from one page spec) are the same page for two apps, and the same bytes unless a
 * template tells the apps apart. Files with one key are compressed one after the other on one thread, where the
 * second reuses the siblings of the first when its bytes are the same (compress-files.ts compares them).
 */
export function twinKey(file: string): string {
  return file.replace(`${path.sep}ios${path.sep}`, `${path.sep}app${path.sep}`);
}

/** Runs the jobs on one thread per core (compress-worker.ts), or here when there are too few to pay for threads. */
async function compressOnAllCores(jobs: CompressionJob[]): Promise<CompressionStats> {
  // Each twin key's files next to each other, in the order the first of them came.
  const groups = [...groupBy(jobs, (job) => twinKey(job.file)).values()];
  const threads = Math.min(os.availableParallelism(), Math.ceil(jobs.length / 500));
  if (threads <= 1) return compressFilesSync(groups.flat());
  // Interleaved, so each thread gets a like share of big and small files.
  const shares = Array.from({ length: threads }, (_, i) => groups.filter((_, index) => index % threads === i).flat());
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<CompressionStats>((resolve, reject) => {
          const worker = startTypeScriptWorker(WORKER_FILE, { jobs: share });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`compression thread exited with code ${code}`)));
        }),
    ),
  );
  const total = emptyStats();
  for (const stats of results)
    for (const key of Object.keys(total) as (keyof CompressionStats)[]) total[key] += stats[key];
  return total;
}

/** Every file below `dir` (or `dir` itself when it is a file). */
function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return [dir];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes Brotli and gzip siblings (`page.html.br`, `page.html.gz`) of every text file under `roots` (folders
 * or single files, relative to `publicDir`), so the server and any CDN send them by content negotiation. A file
 * whose siblings are newer is skipped, so a build that left a storefront alone costs one `stat` per file, and
 * siblings of files that are gone are removed, so a deleted page is never served from its old `.br`.
 * The files are shared out between one thread per core.
 */
export async function compressStaticFiles(publicDir: string, roots: readonly string[]): Promise<CompressionStats> {
  const stats = emptyStats();
  const files = roots.flatMap((root) => filesBelow(path.join(publicDir, root)));
  const present = new Set(files);
  const orphans = files.filter(
    (file) =>
      SIBLINGS.some((ext) => file.endsWith(ext)) &&
      COMPRESSIBLE.test(file.slice(0, -3)) &&
      !present.has(file.slice(0, -3)),
  );
  for (const orphan of orphans) if (removeIfPresent(orphan)) stats.removed += 1;
  // Temporary files left by an interrupted build.
  for (const file of files) if (/\.\d+\.tmp$/.test(file)) removeIfPresent(file);
  const jobs = files
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => ({ file, levels: isHashedAsset(path.relative(publicDir, file)) ? HASHED_LEVELS : PAGE_LEVELS }));
  const done = await compressOnAllCores(jobs);
  for (const key of Object.keys(stats) as (keyof CompressionStats)[]) stats[key] += done[key];
  return stats;
}
