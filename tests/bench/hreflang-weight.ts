/**
 * Where should the hreflang clusters live? Measures both homes for every storefront:
 * - in the HTML: the link tags each indexable page would carry, raw and as added gzip bytes on real built pages;
 * - in the sitemaps: the bytes of all 63 storefront sitemaps with their xhtml:link alternates.
 *
 *   npx tsx tests/bench/hreflang-weight.ts        # after a build (reads public/ for the gzip sample)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadContent } from '../../content/load';
import { storefronts } from '../../region-config';
import { hreflangClusters } from '../../plugins/storefront-pages/hreflang-clusters';
import { siteInventory } from '../../plugins/storefront-pages/page-inventory';
import { storefrontSitemap } from '../../plugins/storefront-pages/post-build/sitemaps';

const inventory = siteInventory(loadContent(path.resolve('content')));
const { clusterOf } = hreflangClusters(inventory);
/** The tags SeoHead would render (React writes hrefLang). */
const linkTags = (code: string, relativePath: string) =>
  clusterOf(code, relativePath)
    .map((l) => `<link rel="alternate" hrefLang="${l.hreflang}" href="${l.href}"/>`)
    .join('');

let pages = 0;
let tags = 0;
let htmlBytes = 0;
let maxTags = 0;
let sitemapBytes = 0;
for (const storefront of storefronts) {
  const paths = [...(inventory.get(storefront.urlLocal) ?? [])];
  for (const relativePath of paths) {
    const count = clusterOf(storefront.urlLocal, relativePath).length;
    pages += 1;
    tags += count;
    maxTags = Math.max(maxTags, count);
    htmlBytes += Buffer.byteLength(linkTags(storefront.urlLocal, relativePath));
  }
  sitemapBytes += Buffer.byteLength(
    storefrontSitemap(
      paths.map((p) => ({ path: `/${storefront.urlLocal}${p}`, alternates: clusterOf(storefront.urlLocal, p) })),
      '2026-11-23',
    ),
  );
}

// Added gzip bytes on real pages: the built home and a product page of each storefront present in public/.
const samples: { file: string; code: string; relativePath: string }[] = [];
for (const storefront of storefronts) {
  const dir = path.resolve('public', storefront.urlLocal);
  if (!fs.existsSync(path.join(dir, 'index.html'))) continue;
  samples.push({ file: path.join(dir, 'index.html'), code: storefront.urlLocal, relativePath: '/' });
  const product = [...(inventory.get(storefront.urlLocal) ?? [])].find(
    (p) => p.startsWith('/product/') && fs.existsSync(path.join(dir, p, 'index.html')),
  );
  if (product)
    samples.push({ file: path.join(dir, product, 'index.html'), code: storefront.urlLocal, relativePath: product });
}
let gzipAdded = 0;
let gzipBase = 0;
let rawAdded = 0;
for (const sample of samples) {
  const html = fs.readFileSync(sample.file, 'utf8');
  const links = linkTags(sample.code, sample.relativePath);
  const withLinks = html.replace('</head>', `${links}</head>`);
  const base = zlib.gzipSync(html, { level: 9 }).length;
  gzipBase += base;
  gzipAdded += zlib.gzipSync(withLinks, { level: 9 }).length - base;
  rawAdded += Buffer.byteLength(links);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `indexable pages in all ${storefronts.length} storefronts: ${pages}; hreflang links in their clusters: ` +
    `${tags} (up to ${maxTags} on one page)`,
);
console.log(
  `in the HTML: ${mb(htmlBytes)} of link tags in all, ${kb(htmlBytes / pages)} per indexable page on average`,
);
if (samples.length > 0)
  console.log(
    `  on ${samples.length} built home and product pages: +${kb(rawAdded / samples.length)} raw, ` +
      `+${kb(gzipAdded / samples.length)} gzip per page (pages are ${kb(gzipBase / samples.length)} gzip ` +
      `without them)`,
  );
console.log(
  `in the sitemaps: ${mb(sitemapBytes)} for all ${storefronts.length} storefront sitemaps, ` +
    `${kb(sitemapBytes / pages)} per listed page; 0 bytes in the HTML`,
);
