import type { CheckoutLine } from './checkout-lines';

/**
 * A new phone an exchange applies to, with what it adds (minor units): the bonus comes off at checkout, the subsidy is
 * paid after assessment.
 */
export interface TradeInOffer {
  productId: string;
  bonus: number;
  subsidy: number;
}

/** What a checkout needs of a usable trade-in (repositories/trade-ins.ts `usable`). */
export interface UsableTradeIn {
  id: string;
  currency: string;
  exchangeValue: number;
  offers: readonly TradeInOffer[];
  validUntil: Date;
}

/**
 * What the discount reads of a checkout line (CheckoutLine has it all; an order line with its product's category too).
 */
export type TradeInLine = Pick<
  CheckoutLine,
  'commodityId' | 'productId' | 'category' | 'unitPrice' | 'quantity' | 'problem'
>;

export type TradeInEffect =
  | {
      ok: true;
      discount: number;
      commodityId: string;
      productId: string;
      exchangeValue: number;
      bonus: number;
      subsidy: number;
    }
  | { ok: false; reason: 'no_phone' | 'not_eligible' };

/**
 * What a trade-in takes off an order (one trade-in per exchange: one trade-in product and one device): the exchange
 * value plus the bonus of one eligible new phone, on ONE unit of it and never more than that unit's price. Only phones
 * count, and only those of the programme ('not_eligible' when the order has phones but none of them; 'no_phone' when it
 * has none that can be ordered). Of several eligible phones the one it takes most off is chosen.
 * @example tradeInDiscount(lines, { exchangeValue: 3_565_000, offers: [{ productId: 'xiaomi-15', bonus: 810_000, … }],
 * … })
 */
export function tradeInDiscount(
  lines: readonly TradeInLine[],
  tradeIn: Pick<UsableTradeIn, 'exchangeValue' | 'offers'>,
): TradeInEffect {
  const phones = lines.filter((l) => !l.problem && l.category === 'phones' && l.quantity > 0);
  if (phones.length === 0) return { ok: false, reason: 'no_phone' };
  const offers = new Map(tradeIn.offers.map((o) => [o.productId, o]));
  let best: Extract<TradeInEffect, { ok: true }> | null = null;
  let bestPrice = -1;
  for (const line of phones) {
    const offer = offers.get(line.productId);
    if (!offer) continue;
    const discount = Math.max(0, Math.min(tradeIn.exchangeValue + offer.bonus, line.unitPrice));
    const better =
      !best ||
      discount > best.discount ||
      (discount === best.discount &&
        (line.unitPrice > bestPrice || (line.unitPrice === bestPrice && line.commodityId < best.commodityId)));
    if (better) {
      best = {
        ok: true,
        discount,
        commodityId: line.commodityId,
        productId: line.productId,
        exchangeValue: tradeIn.exchangeValue,
        bonus: offer.bonus,
        subsidy: offer.subsidy,
      };
      bestPrice = line.unitPrice;
    }
  }
  return best ?? { ok: false, reason: 'not_eligible' };
}
