import type { Queryable } from '../db/types';
import { loadSql } from './load-sql';

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
    async navigationProducts(local: string, opts: { category?: string | undefined; subCategory?: string | undefined; limit: number }): Promise<ProductCard[]> {
      return db.query<ProductCard>(NAVIGATION_SQL, [local, opts.category ?? null, opts.subCategory ?? null, opts.limit]);
    },

    /**
     * Recommendations: products on sale in `local`, not already in the cart, categories of the cart first,
     * then hot/new tags, then catalogue order.
     */
    async recommend(local: string, cartId: string | null, limit: number): Promise<ProductCard[]> {
      return db.query<ProductCard>(RECOMMEND_SQL, [local, cartId, limit]);
    },
  };
}
export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
