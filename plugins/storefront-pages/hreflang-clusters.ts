/**
 * hreflang clusters across storefronts. A cluster is the same storefront-relative page ('/product/x/')
 * in every storefront where it exists and is indexable, each under its language-region code (de-AT, en-IE,
 * ar-AE, fr-BE), plus one x-default shared by every member.
 *
 * The clusters are written into the XML sitemaps (xhtml:link), not into the HTML: a product sold in all 63
 * storefronts would carry 64 link tags (about 6 KB) on each of its pages, for every shopper, while crawlers read
 * the sitemaps anyway; and a storefront that starts selling a product changes the sitemaps only, not the HTML of
 * the 62 others. docs/seo.md has the measurements.
 */
import { storefronts } from '../../region-config';
import type { SiteInventory } from './page-inventory';
import { absoluteUrl } from './site-url';

export interface HreflangLink {
  hreflang: string;
  href: string;
}

/** The store's default storefront (en-US, also what an unknown country code gets): its page is the x-default. */
export const DEFAULT_STOREFRONT = 'us';
/** Where the x-default goes when the default storefront does not have the page: the location chooser. */
export const LOCATION_CHOOSER = `/${DEFAULT_STOREFRONT}/select-location/`;

/** Builds the clusters of every indexable page once; `clusterOf` then answers per storefront page. */
export function hreflangClusters(inventory: SiteInventory): {
  clusterOf: (urlLocal: string, relativePath: string) => HreflangLink[];
} {
  const members = new Map<string, { urlLocal: string; lang: string }[]>();
  for (const storefront of storefronts) {
    for (const relativePath of inventory.get(storefront.urlLocal) ?? []) {
      const list = members.get(relativePath) ?? [];
      list.push({ urlLocal: storefront.urlLocal, lang: storefront.lang });
      members.set(relativePath, list);
    }
  }
  const clusters = new Map<string, HreflangLink[]>();
  for (const [relativePath, list] of members) {
    // A page that exists in one storefront only has no alternates to name.
    if (list.length < 2) continue;
    const links = list.map((m) => ({ hreflang: m.lang, href: absoluteUrl(`/${m.urlLocal}${relativePath}`) }));
    const xDefault = list.some((m) => m.urlLocal === DEFAULT_STOREFRONT)
      ? `/${DEFAULT_STOREFRONT}${relativePath}`
      : LOCATION_CHOOSER;
    clusters.set(relativePath, [...links, { hreflang: 'x-default', href: absoluteUrl(xDefault) }]);
  }
  return {
    clusterOf: (urlLocal, relativePath) =>
      inventory.get(urlLocal)?.has(relativePath) ? (clusters.get(relativePath) ?? []) : [],
  };
}
