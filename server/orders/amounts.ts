import type { CommerceRules, DeliveryMethodId } from '../../sites/commerce';
import type { ClubLevel } from '../../sites/club';
import { percentOf } from '../../region-config/money';

export interface DeliveryOption {
  id: DeliveryMethodId;
  fee: number;
  days: readonly [number, number];
  /** The Mi Club level whose free express delivery made this option free (the shopper sees why). */
  clubLevel?: ClubLevel;
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

/**
 * Delivery options of a country for an item total: standard is free from the country's threshold; express is free
 * for a member whose Mi Club level has the free express delivery (`freeExpressBy`, that level).
 */
export function deliveryOptions(
  rules: CommerceRules,
  itemsTotal: number,
  freeExpressBy: ClubLevel | null = null,
): DeliveryOption[] {
  return rules.delivery.map((m) => {
    if (m.id === 'express' && freeExpressBy && m.feeMinor > 0)
      return { id: m.id, days: m.days, fee: 0, clubLevel: freeExpressBy };
    return {
      id: m.id,
      days: m.days,
      fee: m.id === 'standard' && itemsTotal >= rules.freeShippingFromMinor ? 0 : m.feeMinor,
    };
  });
}

/**
 * The amounts of an order. Tax-inclusive countries show the VAT/GST contained in the total; elsewhere it is added
 * on items and shipping, after discounts (trade-in, coupon, points).
 */
export function orderAmounts(
  rules: CommerceRules,
  itemsTotal: number,
  shippingFee: number,
  discount = 0,
): OrderAmounts {
  const taxable = Math.max(0, itemsTotal - discount) + shippingFee;
  const tax = rules.taxInclusive
    ? Math.round((taxable * rules.taxRateBp) / (10_000 + rules.taxRateBp))
    : percentOf(taxable, rules.taxRateBp);
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

/** An exempt account's amounts: no VAT/GST is charged, so the total is the net amount; the VAT left out is kept. */
export function exemptAmounts(a: OrderAmounts): OrderAmounts & { vatExempted: number } {
  return { ...a, tax: 0, total: a.total - a.tax, netAmount: a.total - a.tax, vatExempted: a.tax };
}
