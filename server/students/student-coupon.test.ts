import { describe, expect, it } from 'vitest';
import { quote } from '../orders/pricing';
import { couponEffect, type CheckoutCoupon } from '../orders/coupon-discount';
import { commerceRules } from '../../sites/commerce';
import type { CartLine } from '../repositories/cart';
import { studentCouponTerms } from './offer';
import { STUDENT_COUPON_CATEGORIES } from './rules';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  commodity_id: '1',
  quantity: 1,
  checked: true,
  goods_id: 'g',
  first_spec_value: '',
  second_spec_value: '',
  product_id: 'phone',
  category: 'phones',
  name: 'Phone',
  image: '/x.svg',
  purchase_limit: 5,
  energy_info: null,
  bundle_labels: null,
  label_countries: null,
  currency: 'TRY',
  sale_price: 8999,
  market_price: 11_990,
  stock: 10,
  pre_order: false,
  ...over,
});

/** Turkey's semester coupon as the student programme issues it. */
const tr = studentCouponTerms('tr')!;
const studentCoupon: CheckoutCoupon = {
  userCouponId: '1',
  couponId: 'student-tr-2026-autumn',
  title: 'Öğrenci kuponu',
  kind: 'percent',
  amount: null,
  percent: tr.percent,
  cap: tr.capMinor,
  minSpend: 0,
  categories: [...STUDENT_COUPON_CATEGORIES],
  products: null,
  maxUnitPrice: tr.maxUnitPriceMinor,
  singleUnit: true,
};
const rules = commerceRules('tr');
const effect = (lines: CartLine[]) => couponEffect(studentCoupon, quote(lines, rules).lines);

describe("Turkey's student coupon (the device price at most 9,500 TL, the student support at most 5,500 TL)", () => {
  it('is 60 % off one device, at most 5,500 TL, only for a device priced at most 9,500 TL', () => {
    expect(tr).toMatchObject({ currency: 'TRY', percent: 60, capMinor: 550_000, maxUnitPriceMinor: 950_000 });
    expect(effect([line()])).toMatchObject({ ok: true, discount: 539_940 });
    // At the limit itself: 60 % of 9,500 TL is 5,700 TL, cut to the 5,500 TL cap.
    expect(effect([line({ sale_price: 9500 })])).toMatchObject({ ok: true, discount: 550_000 });
    expect(effect([line({ sale_price: 9500.01 })])).toMatchObject({ ok: false, reason: 'price_cap' });
  });

  it('takes off one unit, the dearest that qualifies, whatever the quantities and lines', () => {
    expect(effect([line({ quantity: 3 })])).toMatchObject({ ok: true, discount: 539_940 });
    expect(effect([line({ sale_price: 6399 }), line({ commodity_id: '2', sale_price: 8999 })])).toMatchObject({
      discount: 539_940,
    });
    expect(
      effect([line({ sale_price: 9699 }), line({ commodity_id: '2', sale_price: 6399, category: 'tablets' })]),
    ).toMatchObject({ ok: true, discount: 383_940 });
  });

  it('reads "not eligible" for other categories and "price cap" only when a dearer device is all there is', () => {
    expect(effect([line({ category: 'wearables', sale_price: 3199 })])).toMatchObject({
      ok: false,
      reason: 'not_eligible',
    });
    expect(effect([line({ sale_price: 80_990 })])).toMatchObject({ ok: false, reason: 'price_cap' });
    const q = quote([line({ sale_price: 80_990 })], rules, { coupon: studentCoupon });
    expect(q.blockers).toContain('coupon');
  });

  it('leaves coupons without a price limit or a single unit as they were', () => {
    const plain: CheckoutCoupon = { ...studentCoupon, maxUnitPrice: null, singleUnit: false, cap: 10_000_000 };
    expect(couponEffect(plain, quote([line({ quantity: 2 })], rules).lines)).toMatchObject({
      ok: true,
      discount: Math.round(2 * 899_900 * 0.6),
    });
  });
});
