/**
 * The price history of offers (price_history, migration 052; written by triggers on offers, never here): what the
 * lowest price of the last 30 days is worked out from.
 */
import type { Queryable } from '../db/types';

/** How many of an offer's newest history rows are read: a reduction only looks 30 days back from its start. */
export const HISTORY_ROWS_READ = 100;

/** A history row as read: `from` in ms since epoch, null for a price older than any record. Major units. */
export interface HistoryRow {
  from: number | null;
  currency: string;
  sale_price: number;
  market_price: number | null;
  on_sale: boolean;
  source: 'seed' | 'release' | 'earlier';
  release_id: string | null;
}

/** An offer as sold now, with its history (oldest first). Major units, as offers holds them. */
export interface OfferWithHistory {
  commodity_id: string;
  currency: string;
  sale_price: number;
  market_price: number;
  on_sale: boolean;
  history: HistoryRow[];
}

/**
 * The offers of `commodityIds` in a country with their newest history rows, and the database's clock (ms), the one
 * clock every rule of the store decides by. Commodities without an offer there are left out.
 */
export async function offersWithHistory(
  db: Queryable,
  local: string,
  commodityIds: readonly string[],
): Promise<{ now: number; offers: OfferWithHistory[] }> {
  const rows = await db.query<OfferWithHistory & { now: number }>(
    `SELECT o.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price,
       o.on_sale, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now,
       coalesce((
         SELECT jsonb_agg(jsonb_build_object(
                  'from', CASE WHEN isfinite(h.valid_from) THEN (extract(epoch FROM h.valid_from) * 1000)::float8 END,
                  'currency', h.currency, 'sale_price', h.sale_price::float8,
                  'market_price', h.market_price::float8, 'on_sale', h.on_sale, 'source', h.source,
                  'release_id', h.release_id) ORDER BY h.valid_from)
         FROM (SELECT * FROM price_history p WHERE p.local = o.local AND p.commodity_id = o.commodity_id
               ORDER BY p.valid_from DESC LIMIT $3) h), '[]'::jsonb) AS history
     FROM offers o
     WHERE o.local = $1 AND o.commodity_id = ANY($2::text[])
     ORDER BY o.commodity_id`,
    [local, [...commodityIds], HISTORY_ROWS_READ],
  );
  const now = rows[0]?.now ?? (await databaseNow(db));
  return { now, offers: rows.map(({ now: _now, ...offer }) => offer) };
}

async function databaseNow(db: Queryable): Promise<number> {
  const rows = await db.query<{ now: number }>(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now`);
  return rows[0]!.now;
}
