/**
 * Every API process keeps some prices in memory (the search indexes: products with each country's lead offer).
 * When a release changes a storefront's prices, applyServedRelease NOTIFYs `storefront_release` on the database;
 * each process listens and drops those caches, so all of them quote the new prices at once (Postgres delivers the
 * notice to every connection listening; PGlite to this process).
 */
import type { Database } from '../db/types';
import { searchCatalog } from '../search/catalog';
import { STOREFRONT_RELEASE_CHANNEL, type ServedReleaseNotice } from './served-prices';

interface Log {
  info(obj: object, msg?: string): void;
}

/** What to drop when prices change: everything in this process that holds offers read from the database. */
export function dropPriceCaches(db: Database): void {
  searchCatalog(db).invalidate();
}

/**
 * Listens for served-release changes and drops the price caches; resolves to the function that stops listening.
 * Recommendations, navigation cards, trade-in from-prices, carts and checkout read offers on each request: nothing to
 * drop.
 */
export async function listenForServedPrices(db: Database, log: Log): Promise<() => Promise<void>> {
  return db.listen(STOREFRONT_RELEASE_CHANNEL, (payload) => {
    dropPriceCaches(db);
    let notice: Partial<ServedReleaseNotice> = {};
    try {
      notice = JSON.parse(payload) as ServedReleaseNotice;
    } catch {
      // Any notice on the channel means prices may have changed: the caches are dropped all the same.
    }
    log.info(
      { releaseId: notice.releaseId, storefronts: notice.storefronts },
      'served release changed: price caches dropped',
    );
  });
}
