/**
 * A merged CI site of some storefronts only (the workflow's storefront list, merge-shards.ts): before it is
 * published with `--built`, its site-wide files are made to cover the whole site, the storefronts built now and
 * those the publish carries over from the served release. The sitemap index lists them all, client routes keep the
 * carried storefronts' routes, and the root pages (the en-US 404 and location chooser) stay the served ones unless
 * us was built. The carried storefronts' own sitemaps stay as they were: build all storefronts when products join
 * or leave a country (hreflang clusters span countries).
 */
import fs from 'node:fs';
import path from 'node:path';
import { storefronts } from '../../../region-config';
import { robotsTxt, sitemapIndex } from '../post-build/sitemaps';
import { readManifest, ROOT_PAGES } from './release-manifest';
import { CURRENT, releaseBehind } from './release-links';

interface ClientRoute {
  pattern: string;
  page: string;
}

const readRoutes = (file: string): ClientRoute[] =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClientRoute[]) : [];

/**
 * Rewrites `siteDir`'s site-wide files over `built` plus the served storefronts; returns the storefronts of the site.
 */
export function completePartialSite(
  siteDir: string,
  releasesDir: string,
  built: string[],
  lastmod = new Date().toISOString().slice(0, 10),
): string[] {
  const servedRelease = releaseBehind(releasesDir, CURRENT);
  const served = Object.keys(readManifest(servedRelease)?.storefronts ?? {});
  const site = storefronts.map((s) => s.urlLocal).filter((code) => built.includes(code) || served.includes(code));
  if (servedRelease && !built.includes('us')) {
    for (const name of fs.readdirSync(servedRelease).filter((file) => ROOT_PAGES.test(file)))
      fs.copyFileSync(path.join(servedRelease, name), path.join(siteDir, name));
  }
  fs.writeFileSync(path.join(siteDir, 'sitemap.xml'), sitemapIndex(site, lastmod));
  fs.writeFileSync(path.join(siteDir, 'robots.txt'), robotsTxt());
  // Their compressed siblings were made for the shards' index: without them the plain file is served.
  for (const file of ['sitemap.xml', 'robots.txt', '_routes.json'])
    for (const sibling of ['.br', '.gz']) fs.rmSync(path.join(siteDir, file + sibling), { force: true });
  const carried = servedRelease
    ? readRoutes(path.join(servedRelease, '_routes.json')).filter(
        (route) => !built.some((code) => route.pattern.startsWith(`/${code}/`)),
      )
    : [];
  fs.writeFileSync(
    path.join(siteDir, '_routes.json'),
    `${JSON.stringify([...carried, ...readRoutes(path.join(siteDir, '_routes.json'))], null, 1)}\n`,
  );
  return site;
}
