/**
 * A releases folder as the publish lays it out (releases/<id>/<code> → ../.storefronts/<code>.<id>/, `current`),
 * holding only what the served prices need: each storefront version's `.offers.json`. No Gatsby build needed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Queryable } from '../db/types';
import { getStorefront } from '../../region-config/index';
import { SERVED_OFFERS_FILE, type ServedOffer, type ServedOffersFile } from '../../sites/served-offers';

export function tempReleasesDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-releases-'));
}

/** The offers of a storefront's country as the database holds them now, in the file's shape. */
export async function offersNow(db: Queryable, code: string): Promise<ServedOffer[]> {
  const local = getStorefront(code)!.local;
  const rows = await db.query<{
    commodity_id: string;
    product_id: string;
    currency: string;
    sale_price: number;
    market_price: number;
  }>(
    `SELECT o.commodity_id, c.product_id, o.currency, o.sale_price::float8 AS sale_price,
       o.market_price::float8 AS market_price
     FROM offers o JOIN commodities c ON c.commodity_id = o.commodity_id JOIN products p ON p.id = c.product_id
     WHERE o.local = $1 AND NOT coalesce((p.data ->> 'giftCard')::boolean, false) ORDER BY o.commodity_id`,
    [local],
  );
  return rows.map((r) => ({
    commodityId: r.commodity_id,
    productId: r.product_id,
    currency: r.currency,
    salePrice: r.sale_price,
    marketPrice: r.market_price,
    onSale: true,
  }));
}

/** Writes release `id` with a new version of each storefront given (code → its offers); serves it when `serve`. */
export function writeRelease(
  releasesDir: string,
  id: string,
  storefronts: Record<string, ServedOffer[]>,
  serve = true,
): void {
  const release = path.join(releasesDir, id);
  fs.mkdirSync(release, { recursive: true });
  const manifest: { id: string; storefronts: Record<string, { version: string; files: Record<string, string> }> } = {
    id,
    storefronts: {},
  };
  for (const [code, offers] of Object.entries(storefronts)) {
    const version = `${code}.${id}`;
    const folder = path.join(releasesDir, '.storefronts', version);
    fs.mkdirSync(folder, { recursive: true });
    const file: ServedOffersFile = { storefront: code, local: getStorefront(code)!.local, offers };
    fs.writeFileSync(path.join(folder, SERVED_OFFERS_FILE), JSON.stringify(file));
    fs.symlinkSync(path.join('..', '.storefronts', version), path.join(release, code));
    manifest.storefronts[code] = { version, files: {} };
  }
  fs.writeFileSync(path.join(release, '.release.json'), JSON.stringify(manifest));
  if (serve) serveRelease(releasesDir, id);
}

/** Points `current` at release `id` in one rename, as the publish does. */
export function serveRelease(releasesDir: string, id: string): void {
  const temporary = path.join(releasesDir, `.current-${process.pid}-${Math.random().toString(36).slice(2)}.link`);
  fs.symlinkSync(id, temporary);
  fs.renameSync(temporary, path.join(releasesDir, 'current'));
}
