import type { CheckoutLine } from './checkout-lines';

/** What a checkout needs of a claimed coupon (repositories/coupons.ts). */
export interface CheckoutCoupon {
  userCouponId: string;
  couponId: string;
  title: string;
  kind: 'amount' | 'percent' | 'free_shipping' | 'exchange';
  amount: number | null;
  percent: number | null;
  cap: number | null;
  minSpend: number;
  categories: string[] | null;
  products: string[] | null;
  /** Only a unit priced at most this counts (a student offer's device price limit); null or absent: any price. */
  maxUnitPrice?: number | null;
  /** The discount applies to one unit, the dearest eligible one (a student offer: one device). */
  singleUnit?: boolean;
}

export type CouponEffect =
  | { ok: true; discount: number; freeShipping: boolean; eligibleTotal: number }
  | { ok: false; reason: 'not_eligible' | 'min_spend' | 'price_cap'; eligibleTotal: number };

/**
 * What a coupon takes off an order: only eligible lines count (its categories or products; the exchange
 * coupon only phones), their total must reach the minimum spend, and the discount never passes what they cost, so a
 * total never goes negative. Percent coupons stop at their cap; free shipping zeroes the delivery fee instead. A coupon
 * with a price limit counts only units priced at most that ('price_cap' when only dearer ones would qualify); a
 * single-unit coupon takes off one unit, the dearest that counts.
 */
export function couponEffect(coupon: CheckoutCoupon, lines: readonly CheckoutLine[]): CouponEffect {
  const qualifying = lines.filter(
    (l) =>
      !l.problem &&
      (coupon.kind !== 'exchange' || l.category === 'phones') &&
      (!coupon.categories || coupon.categories.includes(l.category)) &&
      (!coupon.products || coupon.products.includes(l.productId)),
  );
  const limit = coupon.maxUnitPrice ?? null;
  const eligible = limit === null ? qualifying : qualifying.filter((l) => l.unitPrice <= limit);
  const eligibleTotal = coupon.singleUnit
    ? Math.max(0, ...eligible.map((l) => l.unitPrice))
    : eligible.reduce((sum, l) => sum + l.subtotal, 0);
  if (eligibleTotal === 0)
    return { ok: false, reason: qualifying.length > eligible.length ? 'price_cap' : 'not_eligible', eligibleTotal };
  if (eligibleTotal < coupon.minSpend) return { ok: false, reason: 'min_spend', eligibleTotal };
  switch (coupon.kind) {
    case 'free_shipping':
      return { ok: true, discount: 0, freeShipping: true, eligibleTotal };
    case 'percent':
      return {
        ok: true,
        discount: Math.min(
          Math.round((eligibleTotal * (coupon.percent ?? 0)) / 100),
          coupon.cap ?? Infinity,
          eligibleTotal,
        ),
        freeShipping: false,
        eligibleTotal,
      };
    case 'amount':
    case 'exchange':
      return { ok: true, discount: Math.min(coupon.amount ?? 0, eligibleTotal), freeShipping: false, eligibleTotal };
  }
}
