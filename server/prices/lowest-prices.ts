/**
 * The answer of GET prices/lowest: for each asked commodity offered in the storefront's country, whether its price is
 * reduced and the lowest price of the 30 days before the reduction, in minor units. Pages are built before the publish
 * that starts a price, so the figure is always worked out here, at request time, from the live history.
 */
import type { Queryable } from '../db/types';
import type { LowestPriceOffer, LowestPricesAnswer } from '../schemas/prices';
import { currencyExponent, toMajor, toMinor } from '../../region-config/money';
import { showsLowestPrice } from '../../sites/lowest-price';
import { offersWithHistory, type OfferWithHistory } from '../repositories/price-history';
import { lowestPriorPrice, type PricePoint } from './lowest-price';

/** The history rows in the rule's terms: minor units, -Infinity for "older than any record". */
export function pricePoints(offer: OfferWithHistory): PricePoint[] {
  return offer.history.map((h) => ({
    from: h.from ?? Number.NEGATIVE_INFINITY,
    currency: h.currency,
    salePrice: toMinor(h.sale_price, h.currency),
    onSale: h.on_sale,
  }));
}

/**
 * One offer's figure at `now`. `price` replaces the price sold now (the release console asks what a cut would show if
 * published at `now`).
 */
export function lowestOfOffer(
  offer: OfferWithHistory,
  now: number,
  price?: { salePrice: number; marketPrice: number },
): LowestPriceOffer {
  const { currency } = offer;
  const sale = toMinor(price?.salePrice ?? offer.sale_price, currency);
  const market = toMinor(price?.marketPrice ?? offer.market_price, currency);
  const figure = lowestPriorPrice(
    pricePoints(offer),
    { currency, salePrice: sale, marketPrice: market, onSale: price !== undefined || offer.on_sale },
    now,
  );
  return {
    commodity_id: offer.commodity_id,
    currency,
    exponent: currencyExponent(currency),
    sale_price: sale,
    market_price: market,
    on_sale: price !== undefined || offer.on_sale,
    reduced: figure.reduced,
    reduced_since: figure.reducedSince === null ? null : new Date(figure.reducedSince).toISOString(),
    lowest_price: figure.lowestPrice,
    basis: figure.basis,
  };
}

/** The figures of a storefront's country for the asked commodities; none outside the EU and EEA. */
export async function lowestPrices(
  db: Queryable,
  local: string,
  commodityIds: readonly string[],
): Promise<LowestPricesAnswer> {
  if (!showsLowestPrice(local)) return { applies: false, commodities: [] };
  const { now, offers } = await offersWithHistory(db, local, commodityIds);
  return { applies: true, commodities: offers.map((offer) => lowestOfOffer(offer, now)) };
}

/**
 * The release console's view of a price change: the lowest price of the last 30 days its pages will show if the new
 * price is published now (major units, as the diff's prices), by commodity id; only in EU and EEA countries, and
 * only for a change that will count as reduced.
 */
export async function lowestIfPublished(
  db: Queryable,
  local: string,
  changes: readonly { commodityId: string; after: { salePrice: number; marketPrice: number } }[],
): Promise<Map<string, number>> {
  if (!showsLowestPrice(local) || changes.length === 0) return new Map();
  const { now, offers } = await offersWithHistory(
    db,
    local,
    changes.map((c) => c.commodityId),
  );
  const out = new Map<string, number>();
  for (const offer of offers) {
    const change = changes.find((c) => c.commodityId === offer.commodity_id);
    if (!change) continue;
    const figure = lowestOfOffer(offer, now, change.after);
    if (figure.reduced && figure.lowest_price !== null)
      out.set(offer.commodity_id, toMajor(figure.lowest_price, offer.currency));
  }
  return out;
}
