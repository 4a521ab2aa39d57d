import fs from 'fs';
import path from 'path';
import type { ParentSpanPluginArgs } from 'gatsby';
import { storefronts } from '../../region-config';
import { readBuildRecord } from './build-records';
import type { WidgetManifest } from './post-build/inject-widgets';
import { prepareDelivery } from './post-build/delivery';
import { processStorefrontHtml } from './post-build/process-html';
import { robotsTxt, sitemapIndex, storefrontSitemap } from './post-build/sitemaps';
import { restoreStash } from './region-stash';
import { selectedStorefronts } from './selected-storefronts';

const publicDir = path.resolve('public');
const widgetsDist = path.resolve('widgets/dist');

function readManifest(): WidgetManifest | undefined {
  const file = path.join(widgetsDist, 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as WidgetManifest) : undefined;
}

interface ClientRoute {
  pattern: string;
  page: string;
}

/** public/_routes.json: client routes of every storefront in public/, this build's replacing earlier ones. */
function writeClientRoutes(rebuilt: string[], routes: ClientRoute[]): void {
  const file = path.join(publicDir, '_routes.json');
  const earlier: ClientRoute[] = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClientRoute[]) : [];
  const kept = earlier.filter((route) => !rebuilt.some((code) => route.pattern.startsWith(`/${code}/`)));
  fs.writeFileSync(file, `${JSON.stringify([...kept, ...routes], null, 1)}\n`);
}

/**
 * After Gatsby wrote the HTML: strip its runtime, add the islands runtime, copy images and widgets, write the
 * sitemaps, robots.txt and client routes, and put back the storefronts this build did not touch.
 */
export async function onPostBuild({ reporter }: ParentSpanPluginArgs): Promise<void> {
  const selected = selectedStorefronts().map((s) => s.urlLocal);
  const manifest = readManifest();
  if (!manifest) reporter.warn('widgets/dist/manifest.json is missing (run `npm run build:widgets`): pages are built without islands.');

  const activity = reporter.activityTimer('Post-processing HTML');
  activity.start();
  const lastmod = new Date().toISOString().slice(0, 10);
  const clientRoutes: ClientRoute[] = [];
  for (const code of selected) {
    const dir = path.join(publicDir, code);
    const stats = processStorefrontHtml(dir, manifest);
    const record = readBuildRecord(code);
    if (record) {
      fs.writeFileSync(path.join(dir, 'sitemap.xml'), storefrontSitemap(record.sitemap, lastmod));
      clientRoutes.push(...record.clientRoutes);
    }
    // The server (and a CDN's error document) answers unknown paths of a storefront, and of its app
    // webviews, with the matching 404 page.
    for (const base of [dir, path.join(dir, 'app'), path.join(dir, 'ios')]) {
      const notFound = path.join(base, '404', 'index.html');
      if (fs.existsSync(notFound)) fs.copyFileSync(notFound, path.join(base, '404.html'));
    }
    activity.setStatus(`${code}: ${stats.files} pages, ${stats.withWidgets} with islands`);
  }
  activity.end();

  restoreStash();
  fs.cpSync(path.resolve('content/images'), path.join(publicDir, 'images'), { recursive: true });
  if (manifest) fs.cpSync(widgetsDist, path.join(publicDir, '_widgets'), { recursive: true });

  const built = storefronts.map((s) => s.urlLocal).filter((code) => fs.existsSync(path.join(publicDir, code, 'sitemap.xml')));
  fs.writeFileSync(path.join(publicDir, 'sitemap.xml'), sitemapIndex(built, lastmod));
  fs.writeFileSync(path.join(publicDir, 'robots.txt'), robotsTxt(built));
  writeClientRoutes(selected, clientRoutes);
  // Outside every storefront: the 404 of the en-US storefront, and the location chooser as the site's root page.
  const preferred = ['us', ...built];
  const rootFallback = preferred.map((code) => path.join(publicDir, code, '404.html')).find((file) => fs.existsSync(file));
  if (rootFallback) fs.copyFileSync(rootFallback, path.join(publicDir, '404.html'));
  const chooser = preferred.map((code) => path.join(publicDir, code, 'select-location', 'index.html')).find((file) => fs.existsSync(file));
  if (chooser) fs.copyFileSync(chooser, path.join(publicDir, 'index.html'));
  reporter.info(`Storefronts in public/: ${built.length} (${selected.length} rebuilt now)`);
  await prepareDelivery(publicDir, reporter);
}
