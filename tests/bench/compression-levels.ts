/**
 * What each Brotli and gzip level costs and saves on one storefront's built pages: milliseconds per page on one
 * core and compressed size as a share of the page, the figures behind PAGE_LEVELS (post-build/compress.ts).
 *   npm run bench:compression                  (builds nothing: run after a build of the storefront)
 *   BENCH_REGION=ae-ar npm run bench:compression
 */
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_LEVELS } from '../../plugins/storefront-pages/post-build/compress';
import { brotli, gzip } from '../../plugins/storefront-pages/post-build/compress-files';

const region = process.env['BENCH_REGION'] ?? 'de';
const dir = path.resolve('public', region);
if (!fs.existsSync(dir))
  throw new Error(`${dir} is missing: build the storefront first (REGIONS=${region} npm run build)`);
const pages = fs
  .readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name === 'index.html')
  .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)));
const total = pages.reduce((sum, page) => sum + page.length, 0);

function measure(label: string, compress: (page: Buffer) => Buffer) {
  for (const page of pages.slice(0, 50)) compress(page); // warm-up
  const start = process.hrtime.bigint();
  let bytes = 0;
  for (const page of pages) bytes += compress(page).length;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return {
    level: label,
    'ms/page': (ms / pages.length).toFixed(3),
    'size %': ((100 * bytes) / total).toFixed(1),
    'avg bytes': Math.round(bytes / pages.length),
  };
}

console.log(
  `${pages.length} pages of /${region}/, ${(total / pages.length / 1024).toFixed(1)} KB on average; the ` +
    `build uses Brotli ${PAGE_LEVELS.brotli} and gzip ${PAGE_LEVELS.gzip}`,
);
console.table([
  ...[2, 3, 4, 5].map((q) => measure(`Brotli ${q}`, (page) => brotli(page, q))),
  ...[1, 6].map((l) => measure(`gzip ${l}`, (page) => gzip(page, l))),
]);
