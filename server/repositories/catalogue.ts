import type { Queryable } from '../db/types';

export interface ProductCard {
  product_id: string;
  name: string;
  image: string;
  category: string;
  sub_category: string;
  data: { tagline?: Record<string, string>; marketingTag?: { subtype: string; text: Record<string, string> }; energyInfo?: unknown; bundleLabels?: unknown; labelCountries?: string[] };
  commodity_id: string;
  currency: string;
  sale_price: number;
  market_price: number;
  stock: number;
  score?: number;
}

// The cheapest commodity of each product on sale in the country (in stock first), as one card row.
const CARDS_CTE = `
  cards AS (
    SELECT DISTINCT ON (p.id) p.id AS product_id, p.name, p.image, p.category, p.sub_category, p.rank, p.data,
           c.commodity_id, o.currency, o.sale_price::float8 AS sale_price, o.market_price::float8 AS market_price, o.stock
    FROM products p
    JOIN commodities c ON c.product_id = p.id
    JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $1
    ORDER BY p.id, (o.stock > 0) DESC, o.sale_price, c.position
  )`;

/** Escapes LIKE wildcards so a keyword is matched literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** Read side of the catalogue: product cards per country, search and recommendations. */
export function catalogueRepository(db: Queryable) {
  return {
    /** Products on sale in `local`, optionally of one category / sub-category, in catalogue order. */
    async navigationProducts(local: string, opts: { category?: string | undefined; subCategory?: string | undefined; limit: number }): Promise<ProductCard[]> {
      return db.query<ProductCard>(
        `WITH ${CARDS_CTE}
         SELECT * FROM cards WHERE ($2::text IS NULL OR category = $2) AND ($3::text IS NULL OR sub_category = $3)
         ORDER BY rank, product_id LIMIT $4`,
        [local, opts.category ?? null, opts.subCategory ?? null, opts.limit],
      );
    },

    /**
     * Suggestions for a keyword: every word must appear in the name, category or tagline; exact and prefix matches
     * of the whole phrase on the name rank first.
     */
    async suggest(local: string, i18n: string, keyword: string, limit: number): Promise<ProductCard[]> {
      const phrase = keyword.trim().toLowerCase();
      const words = phrase.split(/\s+/).filter(Boolean).map((w) => `%${likeEscape(w)}%`);
      return db.query<ProductCard>(
        `WITH ${CARDS_CTE},
         scored AS (
           SELECT cards.*, lower(name || ' ' || category || ' ' || sub_category || ' ' ||
                                 coalesce(data -> 'tagline' ->> $5, data -> 'tagline' ->> 'en', '')) AS haystack,
             CASE WHEN lower(name) = $2 THEN 100
                  WHEN lower(name) LIKE $3 || '%' THEN 80
                  WHEN lower(name) LIKE '% ' || $3 || '%' THEN 60
                  WHEN lower(name) LIKE '%' || $3 || '%' THEN 40
                  WHEN lower(category) LIKE $3 || '%' OR lower(sub_category) LIKE $3 || '%' THEN 20
                  ELSE 10 END AS score
           FROM cards
         )
         SELECT * FROM scored
         WHERE NOT EXISTS (SELECT 1 FROM unnest($4::text[]) AS w(pattern) WHERE haystack NOT LIKE w.pattern)
         ORDER BY score DESC, (stock > 0) DESC, rank, name LIMIT $6`,
        [local, phrase, likeEscape(phrase), words, i18n, limit],
      );
    },

    /**
     * Recommendations: products on sale in `local`, not already in the cart, categories of the cart first,
     * then hot/new tags, then catalogue order.
     */
    async recommend(local: string, cartId: string | null, limit: number): Promise<ProductCard[]> {
      return db.query<ProductCard>(
        `WITH ${CARDS_CTE},
         in_cart AS (
           SELECT DISTINCT p.id, p.category FROM cart_items ci JOIN commodities c ON c.commodity_id = ci.commodity_id
           JOIN products p ON p.id = c.product_id WHERE ci.cart_id = $2::uuid
         )
         SELECT cards.* FROM cards
         WHERE stock > 0 AND product_id NOT IN (SELECT id FROM in_cart)
         ORDER BY (category IN (SELECT category FROM in_cart)) DESC,
                  CASE data -> 'marketingTag' ->> 'subtype' WHEN 'hot' THEN 0 WHEN 'new' THEN 1 WHEN 'discount' THEN 2 ELSE 3 END,
                  rank, product_id
         LIMIT $3`,
        [local, cartId, limit],
      );
    },
  };
}
export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
