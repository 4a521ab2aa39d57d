/**
 * What createPages learns about each storefront that onPostBuild needs (sitemap entries, client routes).
 * Written to .cache so the two steps need not share memory.
 */
import fs from 'fs';
import path from 'path';
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

/** The indexable pages of every storefront (page-inventory.ts), for the sitemaps and hreflang clusters. */
export function writeSiteInventory(inventory: SiteInventory): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(inventoryFile, JSON.stringify(inventoryToJson(inventory)));
}

export function readSiteInventory(): SiteInventory | undefined {
  return fs.existsSync(inventoryFile) ? inventoryFromJson(JSON.parse(fs.readFileSync(inventoryFile, 'utf8')) as Record<string, string[]>) : undefined;
}
