import type { CartLine } from '../repositories/cart';
import type { CommerceRules, DeliveryMethodId } from '../../sites/commerce';
import { GIFT_CARD_CATEGORY } from '../../sites/gift-cards';
import { checkoutLines, type CheckoutLine, type FcodeGate } from './checkout-lines';
import { deliveryOptions, exemptAmounts, orderAmounts, type DeliveryOption, type OrderAmounts } from './amounts';
import { couponEffect, type CheckoutCoupon, type CouponEffect } from './coupon-discount';
import { maxRedeemable, pointsToUse, type PointsRules, type PointsUse } from '../../sites/points';
import { applyGiftCards, type CheckoutGiftCard, type GiftCardUse } from './gift-card-payment';
import type { PresaleTerms } from './presale';
import { tradeInDiscount, type TradeInEffect, type UsableTradeIn } from './trade-in-discount';
import { BUSINESS_PURCHASE_LIMIT, tieredPrices } from '../../sites/business-pricing';
import type { ClubMembership } from '../../sites/club';
import type { CountryInsurance } from '../../sites/insurance';
import { insuranceOffers, insuredTotal, type InsuranceOffer } from '../insurance/insurance-lines';

export interface Quote extends OrderAmounts {
  lines: CheckoutLine[];
  /** Mi Points used on this order (the Mi Points minimum and share), or why the wanted number cannot be used. */
  points: { balance: number; wanted: number; use: PointsUse; rules: PointsRules } | null;
  /** The coupon chosen for this order and what it does (or why it does not apply). */
  coupon: (CheckoutCoupon & { effect: CouponEffect }) | null;
  delivery: DeliveryOption[];
  deliveryMethod: DeliveryMethodId;
  /** A line is a pre-order: the shopper must also accept the pre-order agreement (the agreements). */
  preOrder: boolean;
  /** Gift cards paying part of the total (at most 10 gift cards per order), and what is left to pay by card. */
  giftCards: GiftCardUse[];
  giftCardAmount: number;
  amountDue: number;
  /** The shopper's old device, taken off one new phone (exchange value + bonus). */
  tradeIn: (TradeInEffect & { id: string }) | null;
  /** The pre-sale of a product in its deposit window: this order takes only the deposit; the final payment follows. */
  presale: (PresaleTerms & { quantity: number; depositTotal: number; fullTotal: number }) | null;
  /** A company purchase: what the quantity tiers took off and the VAT not charged to an exempt account. */
  business: { tierSaving: number; vatExempt: boolean; vatExempted: number } | null;
  /** Device insurance the lines can have; the insured plans are in `itemsTotal` (not in the free-shipping sum). */
  insurance: InsuranceOffer[];
  /** What stops the order: lines with a problem, nothing selected, or a total past the country's maximum. */
  blockers: (
    | 'lines'
    | 'empty'
    | 'amount_max'
    | 'coupon'
    | 'points'
    | 'presale_alone'
    | 'presale_discounts'
    | 'gift_cards'
    | 'trade_in'
  )[];
}

/** What the shopper chose at checkout, besides the cart. */
export interface QuoteChoices {
  method?: DeliveryMethodId | undefined;
  coupon?: CheckoutCoupon | null;
  points?: PointsWish | null;
  fcode?: FcodeGate | null;
  giftCards?: readonly CheckoutGiftCard[];
  /** An evaluated trade-in of the shopper (trade-in and exchange). */
  tradeIn?: UsableTradeIn | null;
  /** Pre-sale campaigns of the country in their deposit window, by product id. */
  presales?: ReadonlyMap<string, PresaleTerms>;
  /** A company purchase (flow=company, a GOOD enterprise account): quantity tiers, business limits, VAT exemption. */
  business?: { vatExempt: boolean } | null;
  /** The shopper's Mi Club membership in the country (consumer orders): its free express delivery. */
  club?: ClubMembership | null;
  /** The country's device insurance (sites/insurance.json), offered with consumer purchases; null: none sold. */
  insurance?: CountryInsurance | null;
}

/** Points the shopper wants to use, with their balance and the country's rules. */
export interface PointsWish {
  wanted: number;
  balance: number;
  rules: PointsRules;
}

/**
 * Everything the checkout shows for a cart and the shopper's choices under the country's rules. The coupon comes off
 * before points, free-shipping coupons zero the chosen delivery's fee, and gift cards pay what is left.
 * A pre-sale product in its deposit window is ordered alone and takes only its deposit now; coupons, points and
 * gift cards apply to neither part of a pre-order (the rule shown with the product).
 */
export function quote(cart: CartLine[], rules: CommerceRules, choices: QuoteChoices = {}): Quote {
  const {
    coupon = null,
    points = null,
    fcode = null,
    giftCards = [],
    presales,
    tradeIn = null,
    business = null,
    club = null,
  } = choices;
  const lines = business
    ? businessLines(cart, rules.currency, fcode, presales)
    : checkoutLines(cart, rules.currency, fcode, presales);
  const goodsTotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
  // Plans are sold with the goods; the business checkout sells none (its lines are a company's stock).
  const insurance = business
    ? []
    : insuranceOffers(
        lines,
        new Set(cart.filter((l) => l.insured).map((l) => l.commodity_id)),
        choices.insurance ?? null,
      );
  const itemsTotal = goodsTotal + insuredTotal(insurance);
  const presaleLine = presales ? lines.find((l) => presales.has(l.productId)) : undefined;
  if (presaleLine)
    return presaleQuote(
      lines,
      rules,
      presales!.get(presaleLine.productId)!,
      presaleLine,
      goodsTotal,
      Boolean(coupon || (points && points.wanted > 0) || giftCards.length > 0 || tradeIn),
    );
  // Free shipping counts the goods only: a plan is not shipped.
  const delivery = deliveryOptions(rules, goodsTotal, club?.benefits.freeExpress ? club.level : null);
  const chosen = delivery.find((d) => d.id === choices.method) ?? delivery[0]!;
  const effect = coupon ? couponEffect(coupon, lines) : null;
  // The trade-in comes off its phone first, the coupon off what is left; points after both.
  const exchange = tradeIn ? { ...tradeInDiscount(lines, tradeIn), id: tradeIn.id } : null;
  const exchangeDiscount = exchange?.ok ? exchange.discount : 0;
  const couponDiscount = effect?.ok ? Math.min(effect.discount, itemsTotal - exchangeDiscount) : 0;
  const afterDiscounts = itemsTotal - exchangeDiscount - couponDiscount;
  // Points on the items only (never the shipping), at most 20 % of what is left.
  const use =
    points && points.wanted > 0 ? pointsToUse(points.rules, points.wanted, afterDiscounts, points.balance) : null;
  const discount = exchangeDiscount + couponDiscount + (use?.ok ? use.discount : 0);
  const shipping = lines.length === 0 || (effect?.ok && effect.freeShipping) ? 0 : chosen.fee;
  const amounts = business?.vatExempt
    ? exemptAmounts(orderAmounts(rules, itemsTotal, shipping, discount))
    : orderAmounts(rules, itemsTotal, shipping, discount);
  // A gift card does not buy gift cards (that would turn a balance into a new, longer-lived one).
  const buysGiftCards = lines.some((l) => l.category === GIFT_CARD_CATEGORY);
  const paid = applyGiftCards(amounts.total, buysGiftCards ? [] : giftCards);
  const blockers: Quote['blockers'] = [];
  if (effect && !effect.ok) blockers.push('coupon');
  if (use && !use.ok) blockers.push('points');
  if (exchange && !exchange.ok) blockers.push('trade_in');
  if (giftCards.length > 0 && (buysGiftCards || giftCards.some((c) => c.currency !== rules.currency)))
    blockers.push('gift_cards');
  if (lines.length === 0) blockers.push('empty');
  if (lines.some((l) => l.problem)) blockers.push('lines');
  if (amounts.total > rules.orderMaxMinor) blockers.push('amount_max');
  const pointsInfo = points
    ? {
        balance: points.balance,
        wanted: points.wanted,
        rules: points.rules,
        use: use ?? {
          ok: true as const,
          points: 0,
          discount: 0,
          max: maxRedeemable(points.rules, afterDiscounts, points.balance),
        },
      }
    : null;
  return {
    ...amounts,
    lines,
    points: pointsInfo,
    coupon: coupon && effect ? { ...coupon, effect } : null,
    delivery,
    deliveryMethod: chosen.id,
    preOrder: lines.some((l) => l.preOrder),
    giftCards: paid.uses,
    giftCardAmount: paid.amount,
    amountDue: amounts.total - paid.amount,
    tradeIn: exchange,
    presale: null,
    insurance,
    business: business
      ? {
          tierSaving: lines.reduce((sum, l) => sum + ((l.listPrice ?? l.unitPrice) - l.unitPrice) * l.quantity, 0),
          vatExempt: business.vatExempt,
          vatExempted: 'vatExempted' in amounts ? Number(amounts.vatExempted) : 0,
        }
      : null,
    blockers,
  };
}

/** The deposit part of a pre-order: no delivery yet (it is charged with the final payment), the deposit per unit. */
function presaleQuote(
  lines: CheckoutLine[],
  rules: CommerceRules,
  terms: PresaleTerms,
  line: CheckoutLine,
  fullTotal: number,
  discountsAsked: boolean,
): Quote {
  const depositTotal = Math.min(terms.depositMinor, line.unitPrice) * line.quantity;
  const amounts = orderAmounts(rules, depositTotal, 0, 0);
  const blockers: Quote['blockers'] = [];
  if (lines.length > 1) blockers.push('presale_alone');
  if (discountsAsked) blockers.push('presale_discounts');
  if (lines.some((l) => l.problem)) blockers.push('lines');
  if (fullTotal > rules.orderMaxMinor) blockers.push('amount_max');
  return {
    ...amounts,
    lines,
    points: null,
    coupon: null,
    delivery: [],
    deliveryMethod: 'standard',
    preOrder: true,
    giftCards: [],
    giftCardAmount: 0,
    amountDue: amounts.total,
    tradeIn: null,
    presale: { ...terms, quantity: line.quantity, depositTotal, fullTotal: line.subtotal },
    business: null,
    insurance: [],
    blockers,
  };
}

/**
 * The lines of a company purchase: the business purchase limit per product, and each line's unit price less the
 * quantity tier its product reaches (all variants of a product count together).
 */
function businessLines(
  cart: CartLine[],
  currency: string,
  fcode: FcodeGate | null,
  presales?: ReadonlyMap<string, PresaleTerms>,
): CheckoutLine[] {
  const lines = checkoutLines(
    cart.map((l) => ({ ...l, purchase_limit: Math.max(l.purchase_limit, BUSINESS_PURCHASE_LIMIT) })),
    currency,
    fcode,
    presales,
  );
  const prices = tieredPrices(lines);
  return lines.map((line, i) => {
    const { tierBp, unitPrice } = prices[i]!;
    return { ...line, listPrice: line.unitPrice, tierBp, unitPrice, subtotal: unitPrice * line.quantity };
  });
}

/** The pure parts pricing is built from, for callers that knew them here. */
export { checkoutLines, deliveryOptions, exemptAmounts, orderAmounts };
export type { CheckoutLine, DeliveryOption, FcodeGate, OrderAmounts };
export type { LineProblem } from './checkout-lines';
