import fs from 'fs';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import zlib from 'zlib';

/** What browsers download as text: pages, styles, scripts, images drawn as SVG, data, sitemaps, manifests. */
const COMPRESSIBLE = /\.(?:html|css|js|mjs|svg|json|xml|webmanifest|txt)$/;
const SIBLINGS = ['.br', '.gz'] as const;

/**
 * Two effort levels. Content-hashed files never change once written, so they get the best compression once.
 * Pages change with every build (60,000 of them for all storefronts), so they get the levels that are still
 * within a few per cent of the best at ten times the speed (measured on /id pages: Brotli 5 is 15.7 KB at
 * 25 MB/s where Brotli 11 is 14.1 KB at 0.4 MB/s; gzip 6 is 16.9 KB at 31 MB/s, gzip 9 the same size at 12 MB/s).
 */
export interface CompressionLevels {
  brotli: number;
  gzip: number;
}
export const PAGE_LEVELS: CompressionLevels = { brotli: 5, gzip: 6 };
export const HASHED_LEVELS: CompressionLevels = { brotli: 11, gzip: 9 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CompressionStats {
  compressed: number;
  upToDate: number;
  /** Files that compression would not make smaller (tiny files): served as they are. */
  notSmaller: number;
  /** Siblings whose file is gone (a page removed from the catalogue) or no longer worth compressing. */
  removed: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Whether a file's name carries a content hash, so it is written once and never changes. */
export function isHashedAsset(relPath: string): boolean {
  return relPath.split(path.sep).join('/').startsWith('_widgets/');
}

async function mtime(file: string): Promise<number | undefined> {
  try {
    return (await fs.promises.stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Written beside the final name and renamed, so a server reading public/ never sends half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(temporary, data);
  await fs.promises.rename(temporary, file);
}

async function removeIfPresent(file: string): Promise<boolean> {
  try {
    await fs.promises.unlink(file);
    return true;
  } catch {
    return false;
  }
}

/** Compresses one file into its `.br` and `.gz` siblings unless both are already newer than it. */
async function compressFile(file: string, levels: CompressionLevels, stats: CompressionStats): Promise<void> {
  const [source, br, gz] = await Promise.all([mtime(file), mtime(`${file}.br`), mtime(`${file}.gz`)]);
  if (source === undefined) return;
  if (br !== undefined && gz !== undefined && br >= source && gz >= source) {
    stats.upToDate += 1;
    return;
  }
  const data = await fs.promises.readFile(file);
  const [brData, gzData] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: levels.gzip }),
  ]);
  // A sibling that is not smaller only costs the server a negotiation: serve the file itself instead.
  if (brData.length >= data.length || gzData.length >= data.length) {
    stats.notSmaller += 1;
    for (const ext of SIBLINGS) if (await removeIfPresent(`${file}${ext}`)) stats.removed += 1;
    return;
  }
  await Promise.all([writeAtomically(`${file}.br`, brData), writeAtomically(`${file}.gz`, gzData)]);
  stats.compressed += 1;
  stats.bytes += data.length;
  stats.brotliBytes += brData.length;
  stats.gzipBytes += gzData.length;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
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
 * zlib's asynchronous API runs on libuv's thread pool, so a few files at a time keep every core busy.
 */
export async function compressStaticFiles(publicDir: string, roots: readonly string[]): Promise<CompressionStats> {
  const stats: CompressionStats = { compressed: 0, upToDate: 0, notSmaller: 0, removed: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = roots.flatMap((root) => filesBelow(path.join(publicDir, root)));
  const present = new Set(files);
  const orphans = files.filter((file) => SIBLINGS.some((ext) => file.endsWith(ext)) && COMPRESSIBLE.test(file.slice(0, -3)) && !present.has(file.slice(0, -3)));
  for (const orphan of orphans) if (await removeIfPresent(orphan)) stats.removed += 1;
  // Temporary files left by an interrupted build.
  for (const file of files) if (/\.\d+\.tmp$/.test(file)) await removeIfPresent(file);
  const sources = files.filter((file) => COMPRESSIBLE.test(file));
  const parallel = Math.max(2, os.availableParallelism()) * 2;
  await inPool(sources, parallel, (file) => compressFile(file, isHashedAsset(path.relative(publicDir, file)) ? HASHED_LEVELS : PAGE_LEVELS, stats));
  return stats;
}
