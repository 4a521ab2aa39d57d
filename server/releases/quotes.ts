/**
 * What the API quotes for a product in a storefront: its commodities' offers there and the release that priced them.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { Queryable } from '../db/types';
import type { quoteData } from '../schemas/prices';

export type ProductQuote = FromSchema<typeof quoteData>;

/** The quote, or null when the product is unknown or has no offer in the storefront's country. */
export async function quoteProduct(
  db: Queryable,
  productId: string,
  storefront: { urlLocal: string; local: string },
): Promise<ProductQuote | null> {
  const rows = await db.query<{
    commodity_id: string;
    currency: string;
    sale_price: number;
    market_price: number;
    on_sale: boolean;
    release_id: string | null;
    version: string | null;
  }>(
    `SELECT c.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price,
       o.on_sale, r.release_id, r.version
     FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $2
     LEFT JOIN storefront_releases r ON r.local = $3
     WHERE c.product_id = $1 ORDER BY c.position, c.commodity_id`,
    [productId, storefront.local, storefront.urlLocal],
  );
  if (rows.length === 0) return null;
  return {
    product_id: productId,
    release_id: rows[0]!.release_id,
    version: rows[0]!.version,
    offers: rows.map(({ release_id: _r, version: _v, ...offer }) => offer),
  };
}
