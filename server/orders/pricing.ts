import type { CartLine } from '../repositories/cart';
import type { CommerceRules, DeliveryMethodId } from '../../sites/commerce';
import { GIFT_CARD_CATEGORY } from '../../sites/gift-cards';
import { percentOf, toMinor } from '../../region-config/money';
import { couponEffect, type CheckoutCoupon, type CouponEffect } from './coupon-discount';
import { maxRedeemable, usePoints, type PointsRules, type PointsUse } from '../../sites/points';
import { applyGiftCards, type CheckoutGiftCard, type GiftCardUse } from './gift-card-payment';
import type { PresaleTerms } from './presale';
import { tradeInDiscount, type TradeInEffect, type UsableTradeIn } from './trade-in-discount';
import { BUSINESS_PURCHASE_LIMIT, tieredPrices } from '../../sites/business-pricing';

export type { LineProblem } from '../schemas/order';
import type { LineProblem } from '../schemas/order';

/** Products that need an F-code here, and how many unused codes the buyer holds for each (issue 9). */
export interface FcodeGate {
  required: ReadonlySet<string>;
  held: ReadonlyMap<string, number>;
}

export interface CheckoutLine {
  commodityId: string;
  productId: string;
  category: string;
  name: string;
  spec: string;
  image: string;
  quantity: number;
  unitPrice: number;
  marketPrice: number;
  subtotal: number;
  stock: number;
  purchaseLimit: number;
  preOrder: boolean;
  problem: LineProblem | null;
  /** The unit price when the line was added to the cart, when a release changed it since (the shopper sees old → new). */
  previousUnitPrice?: number;
  /** A company purchase: the shelf price before the quantity tier, and the tier's discount in basis points. */
  listPrice?: number;
  tierBp?: number;
}

export interface DeliveryOption {
  id: DeliveryMethodId;
  fee: number;
  days: readonly [number, number];
}

/** The money of an order, all in minor units of `currency`. */
export interface OrderAmounts {
  currency: string;
  itemsTotal: number;
  discount: number;
  shippingFee: number;
  tax: number;
  taxInclusive: boolean;
  taxRateBp: number;
  netAmount: number;
  total: number;
}

export interface Quote extends OrderAmounts {
  lines: CheckoutLine[];
  /** Mi Points used on this order (§9), or why the wanted number cannot be used. */
  points: { balance: number; wanted: number; use: PointsUse; rules: PointsRules } | null;
  /** The coupon chosen for this order and what it does (or why it does not apply). */
  coupon: (CheckoutCoupon & { effect: CouponEffect }) | null;
  delivery: DeliveryOption[];
  deliveryMethod: DeliveryMethodId;
  /** A line is a pre-order: the shopper must also accept the pre-order agreement (§5). */
  preOrder: boolean;
  /** Gift cards paying part of the total (§9: at most 10), and what is left to pay by card. */
  giftCards: GiftCardUse[];
  giftCardAmount: number;
  amountDue: number;
  /** The shopper's old device, taken off one new phone (exchange value + bonus). */
  tradeIn: (TradeInEffect & { id: string }) | null;
  /** A pre-sale product in its deposit window: this order takes only the deposit (§4 deposit then final payment). */
  presale: (PresaleTerms & { quantity: number; depositTotal: number; fullTotal: number }) | null;
  /** A company purchase: what the quantity tiers took off and the VAT not charged to an exempt account. */
  business: { tierSaving: number; vatExempt: boolean; vatExempted: number } | null;
  /** What stops the order: lines with a problem, nothing selected, or a total past the country's maximum. */
  blockers: ('lines' | 'empty' | 'amount_max' | 'coupon' | 'points' | 'presale_alone' | 'presale_discounts' | 'gift_cards' | 'trade_in')[];
}

/** What the shopper chose at checkout, besides the cart. */
export interface QuoteChoices {
  method?: DeliveryMethodId | undefined;
  coupon?: CheckoutCoupon | null;
  points?: PointsWish | null;
  fcode?: FcodeGate | null;
  giftCards?: readonly CheckoutGiftCard[];
  /** An evaluated trade-in of the shopper (§1 trade-in and exchange). */
  tradeIn?: UsableTradeIn | null;
  /** Pre-sale campaigns of the country in their deposit window, by product id. */
  presales?: ReadonlyMap<string, PresaleTerms>;
  /** A company purchase (flow=company, a GOOD enterprise account): quantity tiers, business limits, VAT exemption. */
  business?: { vatExempt: boolean } | null;
}

/** Points the shopper wants to use, with their balance and the country's rules. */
export interface PointsWish {
  wanted: number;
  balance: number;
  rules: PointsRules;
}

/** The checked lines of a cart as order lines in minor units, each with what stops it (if anything). */
export function checkoutLines(cart: CartLine[], currency: string, fcode: FcodeGate | null = null, presales?: ReadonlyMap<string, PresaleTerms>): CheckoutLine[] {
  const checked = cart.filter((l) => l.checked);
  const perProduct = new Map<string, number>();
  for (const line of checked) perProduct.set(line.product_id, (perProduct.get(line.product_id) ?? 0) + line.quantity);
  return checked.map((line) => {
    const onSale = line.sale_price !== null && line.currency === currency;
    const stock = line.stock ?? 0;
    const problem: LineProblem | null = !onSale
      ? 'not_on_sale'
      : stock === 0
        ? 'out_of_stock'
        : line.quantity > stock
          ? 'not_enough_stock'
          : (perProduct.get(line.product_id) ?? 0) > line.purchase_limit
            ? 'limit'
            : fcode?.required.has(line.product_id) && (perProduct.get(line.product_id) ?? 0) > (fcode.held.get(line.product_id) ?? 0)
              ? 'fcode'
              : null;
    const unitPrice = onSale ? toMinor(line.sale_price!, currency) : 0;
    return {
      commodityId: line.commodity_id,
      productId: line.product_id,
      category: line.category,
      name: line.name,
      spec: [line.first_spec_value, line.second_spec_value].filter(Boolean).join(' · '),
      image: line.image,
      quantity: line.quantity,
      unitPrice,
      marketPrice: onSale && line.market_price !== null ? toMinor(line.market_price, currency) : unitPrice,
      subtotal: unitPrice * line.quantity,
      stock,
      purchaseLimit: line.purchase_limit,
      preOrder: line.pre_order === true || presales?.has(line.product_id) === true,
      problem,
      ...(onSale && line.added_price != null && line.added_price !== line.sale_price ? { previousUnitPrice: toMinor(line.added_price, currency) } : {}),
    };
  });
}

/** Delivery options of a country for an item total: standard is free from the country's threshold. */
export function deliveryOptions(rules: CommerceRules, itemsTotal: number): DeliveryOption[] {
  return rules.delivery.map((m) => ({ id: m.id, days: m.days, fee: m.id === 'standard' && itemsTotal >= rules.freeShippingFromMinor ? 0 : m.feeMinor }));
}

/**
 * The amounts of an order. Tax-inclusive countries show the VAT/GST contained in the total; elsewhere it is added
 * on items and shipping. Discounts (coupons, points) come with issue 9 and are 0 until then.
 */
export function orderAmounts(rules: CommerceRules, itemsTotal: number, shippingFee: number, discount = 0): OrderAmounts {
  const taxable = Math.max(0, itemsTotal - discount) + shippingFee;
  const tax = rules.taxInclusive ? Math.round((taxable * rules.taxRateBp) / (10_000 + rules.taxRateBp)) : percentOf(taxable, rules.taxRateBp);
  const total = rules.taxInclusive ? taxable : taxable + tax;
  return {
    currency: rules.currency,
    itemsTotal,
    discount,
    shippingFee,
    tax,
    taxInclusive: rules.taxInclusive,
    taxRateBp: rules.taxRateBp,
    netAmount: total - tax,
    total,
  };
}

/**
 * Everything the checkout shows for a cart and the shopper's choices under the country's rules. The coupon comes off
 * before points (issue 9), free-shipping coupons zero the chosen delivery's fee, and gift cards pay what is left.
 * A pre-sale product in its deposit window is ordered alone and takes only its deposit now; coupons, points and
 * gift cards apply to neither part of a pre-order (the rule shown with the product).
 */
export function quote(cart: CartLine[], rules: CommerceRules, choices: QuoteChoices = {}): Quote {
  const { coupon = null, points = null, fcode = null, giftCards = [], presales, tradeIn = null, business = null } = choices;
  const lines = business ? businessLines(cart, rules.currency, fcode, presales) : checkoutLines(cart, rules.currency, fcode, presales);
  const itemsTotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
  const presaleLine = presales ? lines.find((l) => presales.has(l.productId)) : undefined;
  if (presaleLine) return presaleQuote(lines, rules, presales!.get(presaleLine.productId)!, presaleLine, itemsTotal, Boolean(coupon || (points && points.wanted > 0) || giftCards.length > 0 || tradeIn));
  const delivery = deliveryOptions(rules, itemsTotal);
  const chosen = delivery.find((d) => d.id === choices.method) ?? delivery[0]!;
  const effect = coupon ? couponEffect(coupon, lines) : null;
  // The trade-in comes off its phone first, the coupon off what is left; points after both.
  const exchange = tradeIn ? { ...tradeInDiscount(lines, tradeIn), id: tradeIn.id } : null;
  const exchangeDiscount = exchange?.ok ? exchange.discount : 0;
  const couponDiscount = effect?.ok ? Math.min(effect.discount, itemsTotal - exchangeDiscount) : 0;
  const afterDiscounts = itemsTotal - exchangeDiscount - couponDiscount;
  // Points on the items only (never the shipping), at most 20 % of what is left.
  const use = points && points.wanted > 0 ? usePoints(points.rules, points.wanted, afterDiscounts, points.balance) : null;
  const discount = exchangeDiscount + couponDiscount + (use?.ok ? use.discount : 0);
  const shipping = lines.length === 0 || (effect?.ok && effect.freeShipping) ? 0 : chosen.fee;
  const amounts = business?.vatExempt ? exemptAmounts(orderAmounts(rules, itemsTotal, shipping, discount)) : orderAmounts(rules, itemsTotal, shipping, discount);
  // A gift card does not buy gift cards (that would turn a balance into a new, longer-lived one).
  const buysGiftCards = lines.some((l) => l.category === GIFT_CARD_CATEGORY);
  const paid = applyGiftCards(amounts.total, buysGiftCards ? [] : giftCards);
  const blockers: Quote['blockers'] = [];
  if (effect && !effect.ok) blockers.push('coupon');
  if (use && !use.ok) blockers.push('points');
  if (exchange && !exchange.ok) blockers.push('trade_in');
  if (giftCards.length > 0 && (buysGiftCards || giftCards.some((c) => c.currency !== rules.currency))) blockers.push('gift_cards');
  if (lines.length === 0) blockers.push('empty');
  if (lines.some((l) => l.problem)) blockers.push('lines');
  if (amounts.total > rules.orderMaxMinor) blockers.push('amount_max');
  const pointsInfo = points ? { balance: points.balance, wanted: points.wanted, rules: points.rules, use: use ?? { ok: true as const, points: 0, discount: 0, max: maxRedeemable(points.rules, afterDiscounts, points.balance) } } : null;
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
    business: business
      ? { tierSaving: lines.reduce((sum, l) => sum + ((l.listPrice ?? l.unitPrice) - l.unitPrice) * l.quantity, 0), vatExempt: business.vatExempt, vatExempted: 'vatExempted' in amounts ? Number(amounts.vatExempted) : 0 }
      : null,
    blockers,
  };
}

/** The deposit part of a pre-order: no delivery yet (it is charged with the final payment), the deposit per unit. */
function presaleQuote(lines: CheckoutLine[], rules: CommerceRules, terms: PresaleTerms, line: CheckoutLine, fullTotal: number, discountsAsked: boolean): Quote {
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
    blockers,
  };
}

/**
 * The lines of a company purchase: the business purchase limit per product, and each line's unit price less the
 * quantity tier its product reaches (all variants of a product count together).
 */
function businessLines(cart: CartLine[], currency: string, fcode: FcodeGate | null, presales?: ReadonlyMap<string, PresaleTerms>): CheckoutLine[] {
  const lines = checkoutLines(cart.map((l) => ({ ...l, purchase_limit: Math.max(l.purchase_limit, BUSINESS_PURCHASE_LIMIT) })), currency, fcode, presales);
  const prices = tieredPrices(lines);
  return lines.map((line, i) => {
    const { tierBp, unitPrice } = prices[i]!;
    return { ...line, listPrice: line.unitPrice, tierBp, unitPrice, subtotal: unitPrice * line.quantity };
  });
}

/** An exempt account's amounts: no VAT/GST is charged, so the total is the net amount; the VAT left out is kept. */
export function exemptAmounts(a: OrderAmounts): OrderAmounts & { vatExempted: number } {
  return { ...a, tax: 0, total: a.total - a.tax, netAmount: a.total - a.tax, vatExempted: a.tax };
}
