/**
 * The prices a storefront's pages were rendered with, as its build writes them beside the pages
 * (`<storefront>/.offers.json`, a dotfile: the site server never serves it). A release carries the file in each
 * storefront version, and the API quotes what the served version's file says (server/releases/served-prices.ts),
 * so the price on a page and the price charged come from one place.
 */
import type { Product } from '../content/schemas/products.schema';

/** The file's name inside a storefront folder. */
export const SERVED_OFFERS_FILE = '.offers.json';

/**
 * One commodity as the pages show it in the storefront's country; prices in major units, as the snapshots hold them.
 */
export interface ServedOffer {
  commodityId: string;
  productId: string;
  currency: string;
  salePrice: number;
  marketPrice: number;
  onSale: boolean;
}

export interface ServedOffersFile {
  /** The storefront's code (URL prefix) and its country (the offers' local). */
  storefront: string;
  local: string;
  offers: ServedOffer[];
}

/** The offers of `local` in the catalogue a build renders: every commodity with an offer there is on sale. */
export function servedOffers(products: readonly Product[], storefront: string, local: string): ServedOffersFile {
  const offers: ServedOffer[] = [];
  for (const product of products) {
    for (const commodity of product.commodities) {
      const offer = commodity.offers?.[local];
      if (!offer) continue;
      offers.push({
        commodityId: commodity.commodityId,
        productId: product.id,
        currency: offer.currency,
        salePrice: offer.salePrice,
        marketPrice: offer.marketPrice,
        onSale: true,
      });
    }
  }
  offers.sort((a, b) => a.commodityId.localeCompare(b.commodityId));
  return { storefront, local, offers };
}

const isOffer = (o: unknown): o is ServedOffer => {
  if (typeof o !== 'object' || o === null) return false;
  const r = o as Record<string, unknown>;
  return (
    typeof r['commodityId'] === 'string' &&
    typeof r['productId'] === 'string' &&
    typeof r['currency'] === 'string' &&
    typeof r['salePrice'] === 'number' &&
    Number.isFinite(r['salePrice']) &&
    r['salePrice'] >= 0 &&
    typeof r['marketPrice'] === 'number' &&
    Number.isFinite(r['marketPrice']) &&
    r['marketPrice'] >= 0 &&
    typeof r['onSale'] === 'boolean'
  );
};

/** Parses a file's text; throws naming what is wrong (a release with a broken file must not change any price). */
export function parseServedOffers(text: string, where: string): ServedOffersFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where}: not valid JSON (${(error as Error).message})`);
  }
  const r = data as Partial<ServedOffersFile> | null;
  if (!r || typeof r.storefront !== 'string' || typeof r.local !== 'string' || !Array.isArray(r.offers))
    throw new Error(`${where}: expected {storefront, local, offers[]}`);
  const bad = r.offers.findIndex((o) => !isOffer(o));
  if (bad >= 0)
    throw new Error(
      `${where}: offers[${bad}] is not {commodityId, productId, currency, salePrice, marketPrice, onSale}`,
    );
  return r as ServedOffersFile;
}
