/**
 * What createPages learns about each storefront that onPostBuild needs (sitemap entries, client routes).
 * Written to .cache so the two steps need not share memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EmitResult } from './storefront-build';
import { inventoryFromJson, inventoryToJson, type SiteInventory } from './page-inventory';

const folder = path.resolve('.cache/storefront-pages');

export function writeBuildRecord(urlLocal: string, record: EmitResult): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${urlLocal}.json`), JSON.stringify(record));
}

export function readBuildRecord(urlLocal: string): EmitResult | undefined {
  const file = path.join(folder, `${urlLocal}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as EmitResult) : undefined;
}

const inventoryFile = path.join(folder, 'inventory.json');

/** What each storefront's inventory was computed from (a hash of its build inputs, build-plan/build-inputs.ts). */
const inventoryKeysFile = path.join(folder, 'inventory-keys.json');

/**
 * The indexable pages of every storefront (page-inventory.ts), for the sitemaps and hreflang clusters, with
 * the key of the inputs each was computed from.
 */
export function writeSiteInventory(inventory: SiteInventory, keys: Record<string, string> = {}): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(inventoryFile, JSON.stringify(inventoryToJson(inventory)));
  fs.writeFileSync(inventoryKeysFile, JSON.stringify(keys));
}

/**
 * The storefronts whose inventory the last build computed from the inputs they have now (`keys`), with their
 * pages: replaying a storefront's page builders costs about 60 ms, so a one-country build need not replay 62.
 */
export function reusableInventory(keys: Record<string, string>): Map<string, string[]> {
  if (!fs.existsSync(inventoryFile) || !fs.existsSync(inventoryKeysFile)) return new Map();
  const earlier = JSON.parse(fs.readFileSync(inventoryKeysFile, 'utf8')) as Record<string, string>;
  const pages = JSON.parse(fs.readFileSync(inventoryFile, 'utf8')) as Record<string, string[]>;
  return new Map(Object.entries(pages).filter(([code]) => keys[code] !== undefined && earlier[code] === keys[code]));
}

export function readSiteInventory(): SiteInventory | undefined {
  return fs.existsSync(inventoryFile)
    ? inventoryFromJson(JSON.parse(fs.readFileSync(inventoryFile, 'utf8')) as Record<string, string[]>)
    : undefined;
}
