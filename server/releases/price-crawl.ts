/**
 * The price crawl: reads every built product page of a release as a search engine would (its schema.org Product
 * JSON-LD, one Offer per commodity with its price) and compares each offer with what the API quotes for that
 * product in that storefront (GET /api/<code>/prices). A mismatch is a page showing one price while the cart would
 * charge another. `npm run prices:check` runs it against a running API (tests/prices/check-prices.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { getStorefront } from '../../region-config/index';

/** What the API answers for a product (server/schemas/prices.ts), or null when it does not offer it. */
export type QuoteOf = (
  code: string,
  productId: string,
) => Promise<{ offers: { commodity_id: string; sale_price: number; currency: string; on_sale: boolean }[] } | null>;

export interface PriceMismatch {
  code: string;
  productId: string;
  commodityId: string;
  page: { price: number; currency: string };
  /** null: the API does not offer it (unknown, or not on sale). */
  api: { price: number; currency: string } | null;
}

export interface PriceCrawl {
  pages: number;
  offers: number;
  mismatches: PriceMismatch[];
}

interface PageOffer {
  sku: string;
  price: number;
  priceCurrency: string;
}

const JSON_LD = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;

/** The Offers of the page's schema.org Product (none when the page has no Product, e.g. not on sale here). */
export function pageOffers(html: string): PageOffer[] {
  for (const match of html.matchAll(JSON_LD)) {
    let data: { '@type'?: string; offers?: PageOffer[] };
    try {
      data = JSON.parse(match[1]!) as typeof data;
    } catch {
      continue;
    }
    if (data['@type'] === 'Product') return Array.isArray(data.offers) ? data.offers : [];
  }
  return [];
}

/** Storefront folders of a release folder (or of any folder laid out like one, e.g. public/). */
export function storefrontsOf(siteDir: string): string[] {
  return fs.existsSync(siteDir)
    ? fs
        .readdirSync(siteDir)
        .filter((name) => getStorefront(name) !== undefined)
        .sort()
    : [];
}

/**
 * Crawls the product pages of `codes` (default every storefront) under `siteDir` and compares them with the API's
 * quotes.
 */
export async function crawlPrices(
  siteDir: string,
  quoteOf: QuoteOf,
  codes = storefrontsOf(siteDir),
): Promise<PriceCrawl> {
  const result: PriceCrawl = { pages: 0, offers: 0, mismatches: [] };
  for (const code of codes) {
    const products = path.join(siteDir, code, 'product');
    if (!fs.existsSync(products)) continue;
    for (const productId of fs.readdirSync(products).sort()) {
      const file = path.join(products, productId, 'index.html');
      if (!fs.existsSync(file)) continue;
      const offers = pageOffers(fs.readFileSync(file, 'utf8'));
      if (offers.length === 0) continue;
      result.pages += 1;
      const quote = await quoteOf(code, productId);
      for (const offer of offers) {
        result.offers += 1;
        const quoted = quote?.offers.find((o) => o.commodity_id === offer.sku && o.on_sale);
        const api = quoted ? { price: quoted.sale_price, currency: quoted.currency } : null;
        if (api?.price === offer.price && api.currency === offer.priceCurrency) continue;
        result.mismatches.push({
          code,
          productId,
          commodityId: offer.sku,
          page: { price: offer.price, currency: offer.priceCurrency },
          api,
        });
      }
    }
  }
  return result;
}

/** A QuoteOf that asks an API over HTTP (`base` like http://127.0.0.1:8000). */
export function httpQuotes(base: string): QuoteOf {
  return async (code, productId) => {
    const res = await fetch(`${base}/api/${code}/prices?product_id=${encodeURIComponent(productId)}`, {
      headers: { accept: 'application/json' },
    });
    const body = (await res.json()) as { errno: number; data: Awaited<ReturnType<QuoteOf>> };
    return body.errno === 0 ? body.data : null;
  };
}
