/**
 * HTML and JavaScript bytes per page type of a built storefront. JavaScript counts what a page loads at
 * when all its islands have loaded: the islands runtime plus every chunk of every widget it holds (own and
 * shared chunks such as Preact, counted once), raw and gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Manifest {
  runtime: string;
  widgets: Record<string, string>;
  preload?: Record<string, string[]>;
}

export interface PageTypeWeight {
  type: string;
  pages: number;
  htmlBytes: number; // average raw
  htmlGzip: number; // average gzip
  jsBytes: number; // average raw
  jsGzip: number; // average gzip
}

const pageTypes: [string, RegExp][] = [
  ['app webview', /^\/(app|ios)\//],
  ['home', /^\/$/],
  ['product', /^\/(product\/[^/]+|item\/\d+)\/$/],
  ['product list', /^\/product-list\//],
  ['search', /^\/(search|business\/search)\//],
  ['faq / article', /^\/support\/(faq|article)\//],
  ['support', /^\/(support|service-support)\//],
  ['cart / checkout', /^\/(cart|checkout|checkout-again|buy|payment-[a-z]+|business\/cart)\//],
  ['user area', /^\/(user|comment)\//],
  ['content / event', /./],
];

function fileBytes(publicDir: string, url: string, cache: Map<string, [number, number]>): [number, number] {
  const known = cache.get(url);
  if (known) return known;
  const file = path.join(publicDir, url);
  const data = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
  const sizes: [number, number] = [data.length, zlib.gzipSync(data, { level: 9 }).length];
  cache.set(url, sizes);
  return sizes;
}

export function pageWeights(publicDir: string, urlLocal: string): PageTypeWeight[] {
  const manifestFile = path.join(publicDir, '_widgets', 'manifest.json');
  const manifest: Manifest | undefined = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : undefined;
  const cache = new Map<string, [number, number]>();
  const totals = new Map<string, { pages: number; html: number; htmlGz: number; js: number; jsGz: number }>();
  const root = path.join(publicDir, urlLocal);
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = `/${path.relative(root, path.dirname(file))}/`.replace(/^\/\/$/, '/');
    const html = fs.readFileSync(file);
    const text = html.toString('utf8');
    let js = 0;
    let jsGz = 0;
    if (manifest && text.includes('<store-widget')) {
      const names = new Set([...text.matchAll(/<store-widget\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1] ?? ''));
      const chunks = [...names]
        .flatMap((n) => manifest.preload?.[n] ?? [manifest.widgets[n]])
        .filter((u): u is string => Boolean(u));
      for (const url of new Set([manifest.runtime, ...chunks])) {
        const [raw, gz] = fileBytes(publicDir, url, cache);
        js += raw;
        jsGz += gz;
      }
    }
    const type = pageTypes.find(([, pattern]) => pattern.test(relative))?.[0] ?? 'other';
    const total = totals.get(type) ?? { pages: 0, html: 0, htmlGz: 0, js: 0, jsGz: 0 };
    total.pages += 1;
    total.html += html.length;
    total.htmlGz += zlib.gzipSync(html).length;
    total.js += js;
    total.jsGz += jsGz;
    totals.set(type, total);
  }
  return [...totals.entries()].map(([type, t]) => ({
    type,
    pages: t.pages,
    htmlBytes: Math.round(t.html / t.pages),
    htmlGzip: Math.round(t.htmlGz / t.pages),
    jsBytes: Math.round(t.js / t.pages),
    jsGzip: Math.round(t.jsGz / t.pages),
  }));
}
