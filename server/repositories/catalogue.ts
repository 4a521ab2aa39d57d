import type { Queryable } from '../db/types';
import type { Localized } from '../../content/schemas/common.schema';
import { loadSql } from './load-sql';

export interface ProductCard {
  product_id: string;
  name: string;
  image: string;
  category: string;
  sub_category: string;
  data: {
    tagline?: Record<string, string>;
    marketingTag?: { subtype: string; text: Record<string, string> };
    energyInfo?: unknown;
    bundleLabels?: unknown;
    labelCountries?: string[];
  };
  commodity_id: string;
  currency: string;
  sale_price: number;
  market_price: number;
  stock: number;
  score?: number;
}

/** A product a coupon applies to, at its lowest price on sale in the country. */
export type CouponProduct = {
  product_id: string;
  name: string;
  image: string;
  sale_price: number;
};

/** A product card side by side with others: its price here and its specifications (labels in every language). */
export type CompareCard = {
  product_id: string;
  name: string;
  image: string;
  category: string;
  sale_price: number;
  market_price: number;
  currency: string;
  stock: number;
  specs: { label: Localized; value: string }[] | null;
};

const NAVIGATION_SQL = loadSql('navigation-products');
const RECOMMEND_SQL = loadSql('recommend');

/** Escapes LIKE wildcards so a keyword is matched literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** Read side of the catalogue: product cards per country, search and recommendations. */
export function catalogueRepository(db: Queryable) {
  return {
    /** Products on sale in `local`, optionally of one category / sub-category, in catalogue order. */
    async navigationProducts(
      local: string,
      opts: { category?: string | undefined; subCategory?: string | undefined; limit: number },
    ): Promise<ProductCard[]> {
      return db.query<ProductCard>(NAVIGATION_SQL, [
        local,
        opts.category ?? null,
        opts.subCategory ?? null,
        opts.limit,
      ]);
    },

    /**
     * Recommendations: products on sale in `local`, not already in the cart, categories of the cart first,
     * then hot/new tags, then catalogue order.
     */
    async recommend(local: string, cartId: string | null, limit: number): Promise<ProductCard[]> {
      return db.query<ProductCard>(RECOMMEND_SQL, [local, cartId, limit]);
    },

    /**
     * Products in stock and on sale in `local` within a coupon's scope (its categories and products; null: any; an
     * exchange coupon: phones only), in catalogue order, at most 60.
     */
    async couponProducts(
      local: string,
      scope: {
        categories: string[] | null;
        products: string[] | null;
        kind: string;
        /** A price limit (major units, as offers hold prices): only products with a version priced at most it. */
        maxUnitPrice: number | null;
      },
    ): Promise<CouponProduct[]> {
      return db.query<CouponProduct>(
        `SELECT p.id AS product_id, p.name, p.image, min(o.sale_price)::float8 AS sale_price
         FROM products p JOIN commodities c ON c.product_id = p.id
         JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $1
         WHERE o.stock > 0 AND o.on_sale AND ($2::text[] IS NULL OR p.category = ANY($2)) AND ($3::text[] IS NULL
           OR p.id = ANY($3))
           AND ($4 <> 'exchange' OR p.category = 'phones') AND ($5::numeric IS NULL OR o.sale_price <= $5)
         GROUP BY p.id, p.name, p.image, p.rank ORDER BY p.rank LIMIT 60`,
        [local, scope.categories, scope.products, scope.kind, scope.maxUnitPrice],
      );
    },

    /**
     * Which of `productIds` have an offer on sale and in stock in `local` now (search indexes keep the stock of their
     * build).
     */
    async inStockProducts(local: string, productIds: readonly string[]): Promise<Set<string>> {
      const rows = await db.query<{ product_id: string }>(
        `SELECT DISTINCT c.product_id FROM offers o JOIN commodities c ON c.commodity_id = o.commodity_id
         WHERE o.local = $1 AND c.product_id = ANY($2::text[]) AND o.on_sale AND o.stock > 0`,
        [local, productIds],
      );
      return new Set(rows.map((r) => r.product_id));
    },

    /** The offered product cards of `productIds` in `local` with their specifications, in no particular order. */
    async compareCards(local: string, productIds: readonly string[]): Promise<CompareCard[]> {
      return db.query<CompareCard>(
        `SELECT c.product_id, c.name, c.image, c.category, c.sale_price, c.market_price, c.currency, c.stock,
           p.data -> 'specs' AS specs
         FROM offered_product_cards c JOIN products p ON p.id = c.product_id
         WHERE c.local = $1 AND c.product_id = ANY($2::text[])`,
        [local, productIds],
      );
    },
  };
}
export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
