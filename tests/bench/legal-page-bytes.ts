/**
 * The bytes of every legal page per storefront of a built site: the HTML as written and its gzip and Brotli size
 * (what a browser downloads), and the language the document is shown in.
 *   npx tsx tests/bench/legal-page-bytes.ts [site folder, default public]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { storefronts } from '../../region-config';
import { LEGAL_DOCUMENTS } from '../../content/schemas/legal-document.schema';
import { LEGAL_PATHS } from '../../plugins/storefront-pages/pages/legal-pages';

const root = path.resolve(process.argv[2] ?? 'public');
const rows = [];
for (const { urlLocal } of storefronts)
  for (const id of LEGAL_DOCUMENTS) {
    const file = path.join(root, urlLocal, LEGAL_PATHS[id], 'index.html');
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file);
    const lang = /<article[^>]*\blang="([^"]+)"/.exec(html.toString('utf8'))?.[1] ?? 'own';
    rows.push({
      storefront: urlLocal,
      document: id,
      language: lang,
      html: html.length,
      gzip: zlib.gzipSync(html, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(html).length,
    });
  }
if (rows.length === 0) console.log(`No legal pages under ${root}: build first (REGIONS=de,id npm run build).`);
else console.table(rows);
