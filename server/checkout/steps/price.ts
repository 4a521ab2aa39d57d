import { toCheckoutCoupon } from '../../repositories/coupons';
import { quote } from '../../orders/pricing';
import { insuranceOf } from '../../../sites/insurance';
import type { PlacementStep } from '../placement';

/**
 * Prices the order once, from the cart and the choices as the transaction sees them; every later step uses this quote.
 */
export const price: PlacementStep = {
  name: 'price',
  async run(p) {
    const { input } = p;
    p.quote = quote(p.cart, input.rules, {
      method: input.deliveryMethod,
      coupon: p.coupon ? toCheckoutCoupon(p.coupon) : null,
      points: p.points,
      fcode: p.gate,
      giftCards: p.giftCards,
      tradeIn: p.tradeIn,
      presales: p.presales,
      business: input.business ? { vatExempt: input.business.vatExempt } : null,
      club: p.club,
      insurance: insuranceOf(input.local),
    });
  },
};
