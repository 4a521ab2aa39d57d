import { request } from './';
import { site } from '../state/site';
import { price } from '../lib/price';
import { t } from '../lib/strings';

/** The states a shopper's coupon list shows. */
export type CouponState = 'available' | 'claimed' | 'used' | 'expired';

/** A coupon (server/routes/promotions/coupons.ts), camel-cased; money in minor units with `exponent`. */
export interface Coupon {
  couponId: string;
  code: string;
  kind: 'amount' | 'percent' | 'free_shipping' | 'exchange';
  title: string;
  currency: string;
  exponent: number;
  amount: number | null;
  percent: number | null;
  cap: number | null;
  minSpend: number;
  startsAt: number;
  endsAt: number;
  left: number;
  userCouponId?: string;
  /** `upcoming`: listed ahead of its window (claimable with upcoming); it opens at startsAt on the server's clock. */
  state: CouponState | 'upcoming';
  orderId?: string | null;
  /** Where it applies: null for the whole catalogue. */
  categories?: string[] | null;
  products?: string[] | null;
}

const api = (path: string) => `${site.value.api}${path}`;

export const couponApi = {
  /** Coupons to claim now; with `upcoming`, also those opening within a day (a page counts down to them). */
  claimable: (upcoming = false) => request<{ coupons: Coupon[] }>(api('/coupon/claimable'), upcoming ? { params: { upcoming: '1' } } : {}).then((r) => r.coupons),
  mine: () => request<{ coupons: Coupon[] }>(api('/coupon/mine')).then((r) => r.coupons),
  claim: (body: { code: string } | { couponId: string }) => request<{ coupon: Coupon }>(api('/coupon/claim'), { body, json: true }).then((r) => r.coupon),
  products: (couponId: string) =>
    request<{ coupon: Coupon; products: { productId: string; name: string; image: string; salePrice: number }[] }>(api('/coupon/products'), { params: { couponId } }),
};

/** What a coupon is worth, in words: "Rp100.000 off", "10% off (max Rp500.000)", "Free shipping". */
export function couponValue(c: Pick<Coupon, 'kind' | 'amount' | 'percent' | 'cap' | 'exponent'>, s: Record<string, string> | undefined): string {
  const m = (minor: number | null) => price((minor ?? 0) / 10 ** c.exponent);
  switch (c.kind) {
    case 'free_shipping':
      return t(s, 'coupon.freeShipping');
    case 'percent':
      return t(s, 'coupon.percentOff', { percent: c.percent ?? 0, cap: m(c.cap) });
    default:
      return t(s, 'coupon.amountOff', { amount: m(c.amount) });
  }
}
