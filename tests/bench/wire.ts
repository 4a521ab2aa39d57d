/**
 * Wire bytes per page type: what a shopper's browser downloads from the static server for one page, with no
 * compression, with gzip and with Brotli. Chromium loads each page (islands included, until the network is
 * quiet) to learn which files it needs; each of those files is then fetched once per Accept-Encoding and its
 * body bytes counted as they travel. API answers are left out: they are dynamic, not files of the build.
 *   npm run bench:wire                     (builds nothing: run after `REGIONS=id npm run build`)
 *   BENCH_REGION=de BENCH_PORT=4422 npm run bench:wire
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startLocalServer } from '../local-server';

const region = process.env['BENCH_REGION'] ?? 'id';
const port = Number(process.env['BENCH_PORT'] ?? 8126);
const base = `http://127.0.0.1:${port}`;
const product = process.env['BENCH_PRODUCT'] ?? 'redmi-note-14-pro';

const pageTypes: [string, string][] = [
  ['home', '/'],
  ['product list', '/product-list/phones/'],
  ['product', `/product/${product}/`],
  ['support', '/support/'],
  ['FAQ article', '/support/faq/details/1001/'],
  ['content', '/smart-home/'],
  ['cart', '/cart/'],
  ['checkout', '/checkout/'],
];

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Body bytes of one GET as sent on the wire (Node's http client never decodes). */
function wireBytes(url: string, encoding: Encoding): Promise<{ bytes: number; encoding: string; kind: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            kind: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function kindOf(contentType: string): 'html' | 'js' | 'other' {
  if (contentType.startsWith('text/html')) return 'html';
  if (contentType.includes('javascript')) return 'js';
  return 'other';
}

async function main(): Promise<void> {
  const server = await startLocalServer(port, path.join(os.tmpdir(), `storefront-wire-${Date.now()}`));
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const rows: Record<string, string | number>[] = [];
    for (const [type, rest] of pageTypes) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      const urls = new Set<string>();
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === base && !url.pathname.startsWith('/api/')) urls.add(`${url.origin}${url.pathname}`);
      });
      const pageUrl = `${base}/${region}${rest}`;
      await page.goto(pageUrl, { waitUntil: 'networkidle' });
      await page.close();
      const row: Record<string, string | number> = { page: `${type} (/${region}${rest})`, files: urls.size };
      for (const encoding of ENCODINGS) {
        const totals = { html: 0, js: 0, other: 0 };
        for (const url of urls) {
          const answer = await wireBytes(url, encoding);
          totals[kindOf(answer.kind)] += answer.bytes;
        }
        const kb = (n: number) => Math.round(n / 102.4) / 10;
        row[`${encoding} HTML KB`] = kb(totals.html);
        row[`${encoding} JS KB`] = kb(totals.js);
        row[`${encoding} total KB`] = kb(totals.html + totals.js + totals.other);
      }
      rows.push(row);
    }
    console.table(rows);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
