import { Refusal, written, type PlacementStep } from '../placement';

/** The claimed coupon the shopper chose (one per purchase); one that is not theirs to use refuses the order. */
export const chooseCoupon: PlacementStep = {
  name: 'chooseCoupon',
  async run(p) {
    if (!p.input.userCouponId) return;
    p.coupon = await p.repos.coupons.usable(p.tx, p.input.userId, p.input.local, p.input.userCouponId);
    if (!p.coupon) return { ok: false, reason: 'coupon' };
  },
};

/** Marks the coupon used by this order; one used by another order meanwhile rolls this one back. */
export const redeemCoupon: PlacementStep = {
  name: 'redeemCoupon',
  async run(p) {
    if (p.coupon && !(await p.repos.coupons.redeem(p.tx, p.coupon.user_coupon_id, written(p).id)))
      throw new Refusal({ ok: false, reason: 'coupon' });
  },
};
