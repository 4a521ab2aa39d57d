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
}

export type CouponEffect =
  | { ok: true; discount: number; freeShipping: boolean; eligibleTotal: number }
  | { ok: false; reason: 'not_eligible' | 'min_spend'; eligibleTotal: number };

/**
 * What a coupon takes off an order: only eligible lines count (its categories or products; the exchange
 * coupon only phones), their total must reach the minimum spend, and the discount never passes what they cost, so a
 * total never goes negative. Percent coupons stop at their cap; free shipping zeroes the delivery fee instead.
 */
export function couponEffect(coupon: CheckoutCoupon, lines: readonly CheckoutLine[]): CouponEffect {
  const eligible = lines.filter(
    (l) =>
      !l.problem &&
      (coupon.kind !== 'exchange' || l.category === 'phones') &&
      (!coupon.categories || coupon.categories.includes(l.category)) &&
      (!coupon.products || coupon.products.includes(l.productId)),
  );
  const eligibleTotal = eligible.reduce((sum, l) => sum + l.subtotal, 0);
  if (eligibleTotal === 0) return { ok: false, reason: 'not_eligible', eligibleTotal };
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
