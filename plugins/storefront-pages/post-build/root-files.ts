import fs from 'node:fs';
import path from 'node:path';
import { writeIfChanged } from './write-if-changed';
import { storefronts } from '../../../region-config';
import { robotsTxt, sitemapIndex } from './sitemaps';

/** The storefronts present in a public folder (those with a sitemap, which the build writes last). */
export function storefrontsIn(publicDir: string): string[] {
  return storefronts.map((s) => s.urlLocal).filter((code) => fs.existsSync(path.join(publicDir, code, 'sitemap.xml')));
}

/**
 * The files at the root of the site, over every storefront present: the sitemap index, robots.txt, the 404
 * of the en-US storefront for paths outside every storefront, and the location chooser as the root page.
 */
export function writeSiteRootFiles(publicDir: string, built: string[], lastmod: string): void {
  writeIfChanged(path.join(publicDir, 'sitemap.xml'), sitemapIndex(built, lastmod));
  writeIfChanged(path.join(publicDir, 'robots.txt'), robotsTxt());
  const preferred = ['us', ...built];
  const rootFallback = preferred
    .map((code) => path.join(publicDir, code, '404.html'))
    .find((file) => fs.existsSync(file));
  if (rootFallback) writeIfChanged(path.join(publicDir, '404.html'), fs.readFileSync(rootFallback));
  const chooser = preferred
    .map((code) => path.join(publicDir, code, 'select-location', 'index.html'))
    .find((file) => fs.existsSync(file));
  if (chooser) writeIfChanged(path.join(publicDir, 'index.html'), fs.readFileSync(chooser));
}
