/**
 * Which pages every storefront has and which of them are indexable, from the region config and the content
 * alone: the page builders replayed without Gatsby. hreflang clusters span all 63 storefronts, also those a
 * `REGIONS=` build does not render, so they are computed from this, never from what happens to be in public/.
 */
import { storefronts } from '../../region-config';
import type { ContentBundle } from './content-bundle';
import { pageBuildInputs, replayStorefrontPages } from './page-builds/storefront-page-build';

/** urlLocal → storefront-relative paths of its indexable canonical pages ('/', '/product/x/'). */
export type SiteInventory = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The inventory of every configured storefront. `known` holds what createPages already learned about the
 * storefronts it rendered, so only the others are replayed (about 60 ms each).
 */
export function siteInventory(
  content: ContentBundle,
  known: ReadonlyMap<string, readonly string[]> = new Map(),
): SiteInventory {
  const inputs = pageBuildInputs(content);
  const inventory = new Map<string, ReadonlySet<string>>();
  for (const storefront of storefronts) {
    const paths = known.get(storefront.urlLocal) ?? replayStorefrontPages(storefront, inputs).indexable;
    inventory.set(storefront.urlLocal, new Set(paths));
  }
  return inventory;
}

/** Plain JSON for .cache (build-records.ts). */
export function inventoryToJson(inventory: SiteInventory): Record<string, string[]> {
  return Object.fromEntries([...inventory].map(([code, paths]) => [code, [...paths]]));
}

export function inventoryFromJson(json: Record<string, string[]>): SiteInventory {
  return new Map(Object.entries(json).map(([code, paths]) => [code, new Set(paths)]));
}
