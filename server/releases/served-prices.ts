/**
 * The API quotes, per storefront, exactly the prices of the release that serves its pages. A release carries the
 * prices its pages were rendered with (`<storefront>/.offers.json`, sites/served-offers.ts); this copies them into
 * `offers` when the served version of a storefront changes (publish, rollback, server start), records which release
 * serves it (storefront_releases, which orders take their release id from) and tells every API process
 * (NOTIFY storefront_release) to drop what it keeps of the old prices (price-caches.ts).
 */
import type { Database, Queryable } from '../db/types';
import { storefronts } from '../../region-config/index';
import type { ServedOffer } from '../../sites/served-offers';
import { readRelease, readServedOffers, type ServedStorefront } from './served-release';

/** The channel every API process listens on; the payload is ServedReleaseNotice as JSON. */
export const STOREFRONT_RELEASE_CHANNEL = 'storefront_release';

export interface ServedReleaseNotice {
  releaseId: string;
  /** Storefront codes whose served version changed. */
  storefronts: string[];
}

export interface ApplyOptions {
  /** The releases folder (its `current` link names the served release). */
  releasesDir: string;
  /** Apply this release instead of the served one (the caller is about to serve it, or just did). */
  releaseId?: string | undefined;
  /** Only these storefronts (codes); default every storefront of the release. */
  locals?: readonly string[] | undefined;
  /** Who published (users.id), and why: kept on storefront_releases. */
  actorId?: number | null | undefined;
  note?: string | null | undefined;
}

/** One apply at a time on a database, so parallel publishes settle on one state. */
const APPLY_LOCK = 72_410_028;
/** Lets offers_keep_served_prices (migration 028) accept this transaction's prices. */
const APPLYING = `SELECT set_config('storefront.applying_release', 'on', true)`;

/** Storefront codes in region-config order: a country's prices come from its first storefront in the release. */
const ORDER = new Map(storefronts.map((s, i) => [s.urlLocal, i]));

/**
 * Makes the database quote the prices of the served release (or `releaseId`) for every storefront whose served
 * version differs from what storefront_releases says, in one transaction, then NOTIFYs the changed storefronts.
 * A missing releases folder or a release without `.offers.json` files changes nothing.
 * @example await applyServedRelease(db, { releasesDir: 'releases' }) // after a publish or rollback
 */
export async function applyServedRelease(db: Database, options: ApplyOptions): Promise<{ changed: string[] }> {
  const release = readRelease(options.releasesDir, options.releaseId);
  if (!release) {
    if (options.releaseId !== undefined)
      throw new Error(`release ${options.releaseId} is not in ${options.releasesDir}`);
    return { changed: [] };
  }
  const wanted = options.locals ? new Set(options.locals) : null;
  const candidates = release.storefronts
    .filter((s) => !wanted || wanted.has(s.code))
    .sort((a, b) => (ORDER.get(a.code) ?? 0) - (ORDER.get(b.code) ?? 0));
  if (candidates.length === 0) return { changed: [] };
  // Read and checked before the transaction: a broken file changes nothing, and the locks are held for SQL only.
  const files = new Map(candidates.map((s) => [s.code, readServedOffers(s)]));

  return db.transaction(async (tx) => {
    await tx.query(APPLYING);
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPLY_LOCK]);
    // Orders placing in these storefronts hold their row FOR SHARE: their prices and release id stay one release's.
    const rows = await tx.query<{ local: string; release_id: string; version: string | null }>(
      `SELECT local, release_id, version FROM storefront_releases WHERE local = ANY($1::text[]) ORDER BY local
       FOR UPDATE`,
      [candidates.map((s) => s.code)],
    );
    const known = new Map(rows.map((r) => [r.local, r]));
    const changed = candidates.filter((s) => known.get(s.code)?.version !== s.version);
    const relinked = candidates.filter((s) => !changed.includes(s) && known.get(s.code)?.release_id !== release.id);
    if (changed.length === 0 && relinked.length === 0) return { changed: [] };

    await recordServing(tx, release.id, [...changed, ...relinked], options);
    const at = (await tx.query<{ at: string }>(`SELECT clock_timestamp()::text AS at`))[0]!.at;
    const countries = new Map<string, ServedStorefront>();
    for (const s of changed)
      if (!countries.has(s.local)) countries.set(s.local, candidates.find((c) => c.local === s.local)!);
    for (const [local, storefront] of countries)
      await priceCountry(tx, local, files.get(storefront.code)!.offers, release.id, at);

    const codes = changed.map((s) => s.code);
    if (codes.length > 0) {
      const notice: ServedReleaseNotice = { releaseId: release.id, storefronts: codes };
      await tx.query(`SELECT pg_notify($1, $2)`, [STOREFRONT_RELEASE_CHANNEL, JSON.stringify(notice)]);
    }
    return { changed: codes };
  });
}

/** storefront_releases: which release (and version) now serves each storefront, by whom and why. */
async function recordServing(
  tx: Queryable,
  releaseId: string,
  served: ServedStorefront[],
  options: ApplyOptions,
): Promise<void> {
  const rows = served.map((s) => ({ local: s.code, country: s.local, version: s.version }));
  await tx.query(
    `INSERT INTO storefront_releases (local, country, release_id, version, published_at, published_by, note, applied_at)
     SELECT x.local, x.country, $2, x.version, now(), $3, $4, now()
     FROM jsonb_to_recordset($1::jsonb) AS x(local text, country text, version text)
     ON CONFLICT (local) DO UPDATE SET country = EXCLUDED.country, release_id = EXCLUDED.release_id,
       version = EXCLUDED.version,
       published_at = EXCLUDED.published_at, published_by = EXCLUDED.published_by, note = EXCLUDED.note,
       applied_at = EXCLUDED.applied_at`,
    [JSON.stringify(rows), releaseId, options.actorId ?? null, options.note ?? null],
  );
}

/**
 * The country's offers become the release's: its prices where it shows the commodity, not on sale where it does not
 * (gift cards are priced by code). Each price change is kept in offer_price_history, so carts know what a line was
 * added at. The country's offer rows are locked in commodity order first, the order placements lock stock in.
 */
async function priceCountry(
  tx: Queryable,
  local: string,
  offers: ServedOffer[],
  releaseId: string,
  at: string,
): Promise<void> {
  const served = offers
    .filter((o) => o.onSale)
    .map((o) => ({
      commodity_id: o.commodityId,
      currency: o.currency,
      sale_price: o.salePrice,
      market_price: o.marketPrice,
    }));
  await tx.query(`SELECT 1 FROM offers WHERE local = $1 ORDER BY commodity_id FOR UPDATE`, [local]);
  await tx.query(`DELETE FROM served_offers WHERE local = $1`, [local]);
  await tx.query(
    `INSERT INTO served_offers (local, commodity_id, currency, sale_price, market_price)
     SELECT $1, commodity_id, currency, sale_price, market_price
     FROM jsonb_to_recordset($2::jsonb) AS x(commodity_id text, currency text, sale_price numeric, market_price numeric)
     ON CONFLICT (local, commodity_id) DO NOTHING`,
    [local, JSON.stringify(served)],
  );
  const moved = `FROM offers o JOIN served_offers s ON s.local = o.local AND s.commodity_id = o.commodity_id
     WHERE o.local = $1 AND (o.currency, o.sale_price) IS DISTINCT FROM (s.currency, s.sale_price)`;
  // The price before the first change counts since ever: a line added before it was added at that price.
  await tx.query(
    `INSERT INTO offer_price_history (local, commodity_id, valid_from, currency, sale_price)
     SELECT o.local, o.commodity_id, '-infinity', o.currency, o.sale_price ${moved} ON CONFLICT DO NOTHING`,
    [local],
  );
  await tx.query(
    `INSERT INTO offer_price_history (local, commodity_id, valid_from, currency, sale_price, release_id)
     SELECT o.local, o.commodity_id, $2::timestamptz, s.currency, s.sale_price, $3 ${moved}
     ON CONFLICT (local, commodity_id, valid_from) DO UPDATE
     SET currency = EXCLUDED.currency, sale_price = EXCLUDED.sale_price, release_id = EXCLUDED.release_id`,
    [local, at, releaseId],
  );
  await tx.query(
    `UPDATE offers o SET currency = s.currency, sale_price = s.sale_price, market_price = s.market_price, on_sale = true
     FROM served_offers s WHERE s.local = o.local AND s.commodity_id = o.commodity_id AND o.local = $1
       AND (o.currency, o.sale_price, o.market_price, o.on_sale) IS DISTINCT
     FROM (s.currency, s.sale_price, s.market_price, true)`,
    [local],
  );
  await tx.query(
    `UPDATE offers o SET on_sale = false
     WHERE o.local = $1 AND o.on_sale
       AND NOT EXISTS (SELECT 1 FROM served_offers s WHERE s.local = o.local AND s.commodity_id = o.commodity_id)
       AND NOT EXISTS (SELECT 1 FROM commodities c JOIN products p ON p.id = c.product_id
                       WHERE c.commodity_id = o.commodity_id AND coalesce((p.data ->> 'giftCard')::boolean, false))`,
    [local],
  );
}
