import fs from 'node:fs';
import path from 'node:path';
import type { ParentSpanPluginArgs } from 'gatsby';
import { readBuildRecord } from './build-records';
import { widgetManifest } from './render/island-scripts';
import { storefrontsIn, writeSiteRootFiles } from './post-build/root-files';
import { writeServiceWorkers } from './post-build/service-workers';
import { writeSeoFiles } from './post-build/write-seo-files';
import { prepareDelivery } from './post-build/delivery';
import { removeEmptyFolders } from './post-build/empty-folders';
import { copyChangedFiles, writeIfChanged } from './post-build/write-if-changed';
import { writeImageRenditions } from './post-build/image-renditions';
import { storefronts } from '../../region-config';
import { servedDir } from './build-plan/release-links';
import { selectedStorefronts } from './selected-storefronts';
import { writeServedOffers } from './post-build/served-offers';

const publicDir = path.resolve('public');
const widgetsDist = path.resolve('widgets/dist');

interface ClientRoute {
  pattern: string;
  page: string;
}

/** public/_routes.json: client routes of every storefront in public/, this build's replacing earlier ones. */
function writeClientRoutes(rebuilt: string[], routes: ClientRoute[]): void {
  const file = path.join(publicDir, '_routes.json');
  const earlier: ClientRoute[] = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClientRoute[])
    : [];
  const kept = earlier.filter((route) => !rebuilt.some((code) => route.pattern.startsWith(`/${code}/`)));
  fs.writeFileSync(file, `${JSON.stringify([...kept, ...routes], null, 1)}\n`);
}

/**
 * After Gatsby wrote the HTML (already without its runtime, with the islands runtime: render/): copy images and
 * widgets, write the
 * sitemaps, robots.txt and client routes.
 */
export async function onPostBuild({ reporter }: ParentSpanPluginArgs): Promise<void> {
  const selected = selectedStorefronts().map((s) => s.urlLocal);
  const manifest = widgetManifest();
  if (!manifest)
    reporter.warn(
      'widgets/dist/manifest.json is missing (run `npm run build:widgets`): pages are built without islands.',
    );

  const lastmod = new Date().toISOString().slice(0, 10);
  const clientRoutes: ClientRoute[] = [];
  for (const code of selected) {
    const dir = path.join(publicDir, code);
    const record = readBuildRecord(code);
    if (record) clientRoutes.push(...record.clientRoutes);
    // The server (and a CDN's error document) answers unknown paths of a storefront, and of its app
    // webviews, with the matching 404 page.
    for (const base of [dir, path.join(dir, 'app'), path.join(dir, 'ios')]) {
      const notFound = path.join(base, '404', 'index.html');
      if (fs.existsSync(notFound)) writeIfChanged(path.join(base, '404.html'), fs.readFileSync(notFound));
    }
  }

  copyChangedFiles(path.resolve('content/images'), path.join(publicDir, 'images'));
  const renditions = await writeImageRenditions(
    path.resolve('content/images'),
    publicDir,
    path.resolve('.cache/storefront-pages/image-renditions.json'),
  );
  reporter.info(
    `Image renditions: ${renditions.sources} pictures, ${renditions.drawn} WebP files drawn now ` +
      `(${(renditions.bytes / 1024).toFixed(0)} KB)`,
  );
  if (manifest) copyChangedFiles(widgetsDist, path.join(publicDir, '_widgets'));
  writeServiceWorkers(publicDir, selected, reporter);
  reporter.info(`Served prices: .offers.json of ${writeServedOffers(publicDir, selected)} storefronts`);

  // The site the publish makes: the storefronts built now, and those online that it carries over
  // (build-plan/publish.ts).
  const online = new Set(storefrontsIn(servedDir()));
  const site = storefronts.map((s) => s.urlLocal).filter((code) => selected.includes(code) || online.has(code));
  const seoFiles = writeSeoFiles(publicDir, lastmod, site);
  reporter.info(
    `Sitemaps: ${seoFiles.urls} URLs with their hreflang clusters in ${seoFiles.storefronts} storefronts ` +
      `(${(seoFiles.bytes / 1024 / 1024).toFixed(1)} MB)`,
  );
  writeSiteRootFiles(publicDir, site, lastmod);
  writeClientRoutes(selected, clientRoutes);
  reporter.info(`Storefronts in the site: ${site.length} (${selected.length} built now)`);
  await prepareDelivery(publicDir, reporter);
  const emptied = removeEmptyFolders(publicDir);
  if (emptied > 0) reporter.info(`Removed ${emptied} folders left empty in public/`);
}
