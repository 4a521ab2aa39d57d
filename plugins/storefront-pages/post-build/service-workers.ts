import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeIfChanged } from './write-if-changed';
import {
  CONFIG_PLACEHOLDER,
  type OfflinePage,
  type PrecacheFile,
  type ServiceWorkerConfig,
  type Shell,
} from '../../../widgets/service-worker/config';
import { headerPanelsPath } from '../../../widgets/contract';
import { fixedRoutes } from '../route-table';

/** Written by the widgets build (widgets/build/webpack-config.ts SERVICE_WORKER_TEMPLATE). */
export const SERVICE_WORKER_TEMPLATE = path.resolve('widgets/dist-service-worker/service-worker.js');
/** The worker of storefront `id` is /id/service-worker.js. */
export const SERVICE_WORKER_FILE = 'service-worker.js';

const offlineRoute = fixedRoutes.find((route) => route.id === 'offline');

/**
 * Pages whose main content is an island (cart, checkout, payment, the user area, business checkout, …) show a
 * shopper's own data: the worker never stores them nor answers them from a cache. Paths are relative to the
 * storefront, with a trailing slash; one that another covers is left out ('user/' covers 'user/order/').
 */
export function privatePagePrefixes(): string[] {
  const paths = [
    ...new Set(fixedRoutes.filter((route) => route.widget).map((route) => `${route.path.replace(/^\//, '')}/`)),
  ].sort();
  return paths.filter((p) => !paths.some((other) => other !== p && p.startsWith(other)));
}

const revisionOf = (content: string | Buffer) => crypto.createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * Same-origin images and icons the offline page shows at once, so it looks whole offline. Lazy images (the
 * mega-menu's product cards) are left to the image cache: precaching them would cost every first visit ~50 files.
 */
export function offlinePageAssets(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc="(\/[^"]+)"/.exec(match[0])?.[1];
    if (src && !/\sloading="lazy"/.test(match[0])) urls.add(src);
  }
  for (const match of html.matchAll(/<link\b[^>]*\brel="(?:icon|apple-touch-icon|shortcut icon)"[^>]*>/gi)) {
    const href = /\bhref="(\/[^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  return [...urls].filter((url) => !url.startsWith('//') && !url.startsWith('/api/'));
}

/** One shell's offline page as built ('/id/offline/', '/id/app/offline/'), with the files it shows at once. */
function offlinePage(publicDir: string, urlLocal: string, shell: Shell): OfflinePage {
  if (!offlineRoute) throw new Error('route table: no "offline" route for the service worker');
  const url = `/${urlLocal}/${shell === 'web' ? '' : `${shell}/`}${offlineRoute.path.replace(/^\//, '')}/`;
  const file = path.join(publicDir, url, 'index.html');
  if (!fs.existsSync(file))
    throw new Error(`service worker of ${urlLocal}: ${path.relative(process.cwd(), file)} was not built`);
  const html = fs.readFileSync(file, 'utf8');
  const files: PrecacheFile[] = [{ url, revision: revisionOf(html) }];
  // The web shell's header opens its panels from the storefront's panels file, offline too.
  const assets = shell === 'web' ? [...offlinePageAssets(html), headerPanelsPath(urlLocal)] : offlinePageAssets(html);
  for (const asset of assets) {
    const assetFile = path.join(publicDir, decodeURIComponent(asset.split(/[?#]/)[0]!));
    if (fs.existsSync(assetFile) && fs.statSync(assetFile).isFile())
      files.push({ url: asset, revision: revisionOf(fs.readFileSync(assetFile)) });
  }
  return { url, files };
}

/** The config one storefront's worker carries: its scope, offline pages and private pages. */
export function storefrontServiceWorkerConfig(publicDir: string, urlLocal: string): ServiceWorkerConfig {
  return {
    scope: `/${urlLocal}/`,
    offline: {
      web: offlinePage(publicDir, urlLocal, 'web'),
      app: offlinePage(publicDir, urlLocal, 'app'),
      ios: offlinePage(publicDir, urlLocal, 'ios'),
    },
    privatePrefixes: privatePagePrefixes(),
  };
}

/** The worker's source with `config` in place of the placeholder (a JSON string literal the worker parses). */
export function fillServiceWorker(template: string, config: ServiceWorkerConfig): string {
  const placeholder = new RegExp(`(["'\`])${CONFIG_PLACEHOLDER}\\1`, 'g');
  const found = template.match(placeholder)?.length ?? 0;
  if (found !== 1)
    throw new Error(`service worker template: expected the config placeholder once, found it ${found} times`);
  // A function replacement, so `$` in the JSON is never read as a replacement pattern.
  return template.replace(placeholder, () => JSON.stringify(JSON.stringify(config)));
}

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Writes /{prefix}/service-worker.js for every storefront built now. Without the widgets build there is no
 * worker to write (and no islands runtime to register one), so that is a warning, not a failure.
 */
export function writeServiceWorkers(publicDir: string, urlLocals: readonly string[], log: Logger): void {
  if (!fs.existsSync(SERVICE_WORKER_TEMPLATE)) {
    log.warn(
      `${path.relative(process.cwd(), SERVICE_WORKER_TEMPLATE)} is missing (run \`npm run ` +
        `build:widgets\`): no service workers written.`,
    );
    return;
  }
  const template = fs.readFileSync(SERVICE_WORKER_TEMPLATE, 'utf8');
  for (const urlLocal of urlLocals) {
    const config = storefrontServiceWorkerConfig(publicDir, urlLocal);
    writeIfChanged(path.join(publicDir, urlLocal, SERVICE_WORKER_FILE), fillServiceWorker(template, config));
  }
  log.info(
    `Service workers written for ${urlLocals.length} storefront(s) ` +
      `(${(Buffer.byteLength(template) / 1024).toFixed(1)} KB each before config)`,
  );
}
