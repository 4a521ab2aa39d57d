/**
 * The lowest price of the 30 days before a reduction, worked out from an offer's price history (migration 052). The
 * rule in words (docs/rules.md, "the lowest price of the last 30 days"):
 * - a price is reduced when the storefront strikes through an original price above it, or when it is a cut below
 *   the price it replaced, published less than 30 days ago;
 * - the reduction started when the current price did (a change of the struck-through price alone starts nothing);
 * - the figure is the lowest price the offer was sold at in the 30 days before that start: a rise in between does
 *   not count over the price before it; an offer sold for less than 30 days before counts the days it was sold;
 * - with no price before the reduction (a new offer, or one first offered in another currency) the figure is the
 *   current price: the shopper never paid less.
 */
import { LOWEST_PRICE_WINDOW_DAYS, PRICE_CUT_SHOWN_DAYS } from '../../sites/lowest-price';

const DAY_MS = 86_400_000;

/** One row of the history: a price and when it started (ms; -Infinity for "before any record"). Minor units. */
export interface PricePoint {
  from: number;
  currency: string;
  salePrice: number;
  onSale: boolean;
}

/** The offer as it is sold now (the served price, the struck-through price the pages show). Minor units. */
export interface OfferNow {
  currency: string;
  salePrice: number;
  marketPrice: number;
  onSale: boolean;
}

/**
 * window: the offer had prices over all 30 days before the reduction; shorter: it was sold for fewer days before it;
 * none: it had no earlier price, so the figure is the current one.
 */
export type LowestBasis = 'window' | 'shorter' | 'none';

export interface LowestPrice {
  reduced: boolean;
  /** When the reduced (current) price started, ms; null when not reduced or older than any record. */
  reducedSince: number | null;
  /** The lowest price of the 30 days before the reduction, minor units; null when not reduced. */
  lowestPrice: number | null;
  basis: LowestBasis | null;
}

/** A price and how long it held: consecutive rows with the same price are one run (a market-price change). */
interface Run {
  from: number;
  to: number;
  currency: string;
  salePrice: number;
  onSale: boolean;
}

function runsOf(history: readonly PricePoint[], now: number): Run[] {
  const sorted = [...history].sort((a, b) => a.from - b.from);
  const runs: Run[] = [];
  for (const [i, p] of sorted.entries()) {
    const to = sorted[i + 1]?.from ?? now;
    const last = runs.at(-1);
    if (last && last.currency === p.currency && last.salePrice === p.salePrice && last.onSale === p.onSale)
      last.to = to;
    else runs.push({ from: p.from, to, currency: p.currency, salePrice: p.salePrice, onSale: p.onSale });
  }
  return runs;
}

const NOT_REDUCED: LowestPrice = { reduced: false, reducedSince: null, lowestPrice: null, basis: null };

/**
 * The figure for one offer at `now` (ms on the database's clock).
 * @example lowestPriorPrice([{ from: t0, currency: 'EUR', salePrice: 99900, onSale: true },
 *   { from: t1, currency: 'EUR', salePrice: 79900, onSale: true }], offerNow, now) // lowestPrice 99900
 */
export function lowestPriorPrice(history: readonly PricePoint[], offer: OfferNow, now: number): LowestPrice {
  if (!offer.onSale) return NOT_REDUCED;
  const runs = runsOf(history, now);
  const last = runs.at(-1);
  // The history ends with the price sold now; if it does not (written outside the triggers), the price is new.
  const current =
    last && last.currency === offer.currency && last.salePrice === offer.salePrice && last.onSale
      ? last
      : { from: now, to: now, currency: offer.currency, salePrice: offer.salePrice, onSale: true };
  const before = current === last ? runs.slice(0, -1) : runs;
  const previous = before.at(-1);
  const struck = offer.marketPrice > offer.salePrice;
  const cut =
    previous?.onSale === true &&
    previous.currency === current.currency &&
    current.salePrice < previous.salePrice &&
    now - current.from < PRICE_CUT_SHOWN_DAYS * DAY_MS;
  if (!struck && !cut) return NOT_REDUCED;

  const since = Number.isFinite(current.from) ? current.from : null;
  const windowStart = current.from - LOWEST_PRICE_WINDOW_DAYS * DAY_MS;
  const counted = before.filter((r) => r.onSale && r.currency === current.currency && r.to > windowStart);
  if (counted.length === 0)
    return { reduced: true, reducedSince: since, lowestPrice: current.salePrice, basis: 'none' };
  const lowestPrice = Math.min(...counted.map((r) => r.salePrice));
  const reachesBack = (runs[0]?.from ?? current.from) <= windowStart;
  return { reduced: true, reducedSince: since, lowestPrice, basis: reachesBack ? 'window' : 'shorter' };
}
