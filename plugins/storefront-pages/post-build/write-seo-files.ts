/**
 * The sitemap of each storefront present in public/: its indexable canonical pages, each with its hreflang cluster
 * across all storefronts (root-files.ts writes the sitemap index and robots.txt over them).
 */
import path from 'node:path';
import { readSiteInventory } from '../build-records';
import { hreflangClusters } from '../hreflang-clusters';
import { storefrontSitemap } from './sitemaps';
import { writeIfChanged } from './write-if-changed';

export interface SeoFilesStats {
  storefronts: number;
  urls: number;
  bytes: number;
}

/**
 * Sitemaps are written for every storefront of the site (`site`: those built now and those online), not only
 * those rebuilt now: a product that one country starts selling joins the cluster of every other country, and
 * the sitemaps are where those clusters live.
 */
export function writeSeoFiles(publicDir: string, lastmod: string, site: readonly string[]): SeoFilesStats {
  const inventory = readSiteInventory();
  if (!inventory) throw new Error('.cache/storefront-pages/inventory.json is missing: createPages did not run');
  const { clusterOf } = hreflangClusters(inventory);
  const stats: SeoFilesStats = { storefronts: site.length, urls: 0, bytes: 0 };
  for (const code of site) {
    const entries = [...(inventory.get(code) ?? [])].map((relativePath) => ({
      path: `/${code}${relativePath}`,
      alternates: clusterOf(code, relativePath),
    }));
    const xml = storefrontSitemap(entries, lastmod);
    writeIfChanged(path.join(publicDir, code, 'sitemap.xml'), xml);
    stats.urls += entries.length;
    stats.bytes += Buffer.byteLength(xml);
  }
  return stats;
}
