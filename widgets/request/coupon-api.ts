import { request } from './';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  CouponClaimBody,
  CouponListAnswer,
  CouponProductsAnswer,
  CouponView,
} from '../../server/schemas/promotions';
import { price } from '../lib/price';
import { t } from '../lib/strings';

/** A coupon (server/schemas/promotions.ts), camel-cased; money in minor units with `exponent`. */
export type Coupon = Camelized<CouponView>;
/**
 * The states a shopper's coupon list shows (`upcoming`: listed ahead of its window, opening at startsAt on the server's
 * clock).
 */
export type CouponState = Exclude<NonNullable<Coupon['state']>, 'upcoming'>;

const api = (path: string) => `${site.value.api}${path}`;

export const couponApi = {
  /** Coupons to claim now; with `upcoming`, also those opening within a day (a page counts down to them). */
  claimable: (upcoming = false) =>
    request<Camelized<CouponListAnswer>>(api('/coupon/claimable'), upcoming ? { params: { upcoming: '1' } } : {}).then(
      (r) => r.coupons,
    ),
  mine: () => request<Camelized<CouponListAnswer>>(api('/coupon/mine')).then((r) => r.coupons),
  claim: (body: CouponClaimBody) =>
    request<{ coupon: Coupon }>(api('/coupon/claim'), { body, json: true }).then((r) => r.coupon),
  products: (couponId: string) =>
    request<Camelized<CouponProductsAnswer>>(api('/coupon/products'), { params: { couponId } }),
};

/** What a coupon is worth, in words: "Rp100.000 off", "10% off (max Rp500.000)", "Free shipping". */
export function couponValue(
  c: Pick<Coupon, 'kind' | 'amount' | 'percent' | 'cap' | 'exponent'>,
  s: Record<string, string> | undefined,
): string {
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
