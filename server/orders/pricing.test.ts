import { describe, expect, it } from 'vitest';
import { orderAmounts, quote } from './pricing';
import { couponEffect, type CheckoutCoupon } from './coupon-discount';
import { maxRedeemable, pointsEarned, pointsToUse, type PointsRules } from '../../sites/points';
import { commerceRules } from '../../sites/commerce';
import type { CartLine } from '../repositories/cart';

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
  currency: 'EUR',
  sale_price: 100,
  market_price: 120,
  stock: 10,
  pre_order: false,
  ...over,
});

describe('order amounts', () => {
  const de = commerceRules('de');

  it('shows VAT contained in the total where prices include it, and adds it where they do not', () => {
    expect(orderAmounts(de, 11_900, 0)).toMatchObject({ tax: 1900, netAmount: 10_000, total: 11_900 });
    const us = commerceRules('us');
    expect(orderAmounts({ ...us, taxRateBp: 800 }, 10_000, 500)).toMatchObject({
      tax: 840,
      total: 11_340,
      netAmount: 10_500,
    });
  });

  it('prices lines in minor units, makes standard delivery free from the threshold, and flags what blocks', () => {
    const cheap = quote([line({ sale_price: 20 })], de);
    expect(cheap).toMatchObject({ itemsTotal: 2000, shippingFee: 499, total: 2499, blockers: [] });
    expect(quote([line({ sale_price: 49 })], de).shippingFee).toBe(0);
    expect(quote([line({ sale_price: 49 })], de, { method: 'express' }).shippingFee).toBe(999);
    expect(quote([line({ quantity: 3, stock: 2 })], de).blockers).toEqual(['lines']);
    expect(quote([line({ checked: false })], de).blockers).toEqual(['empty']);
    expect(quote([line({ sale_price: 30_000 })], de).blockers).toEqual(['amount_max']);
    expect(quote([line({ currency: 'IDR' })], de).lines[0]!.problem).toBe('not_on_sale');
  });
});

describe('coupons', () => {
  const coupon = (over: Partial<CheckoutCoupon>): CheckoutCoupon => ({
    userCouponId: '1',
    couponId: 'c',
    title: 't',
    kind: 'amount',
    amount: 1000,
    percent: null,
    cap: null,
    minSpend: 0,
    categories: null,
    products: null,
    ...over,
  });
  const de = commerceRules('de');

  it('never takes more than the eligible lines, caps percentages, and refuses below the minimum spend', () => {
    const lines = quote([line({ sale_price: 5 })], de).lines;
    expect(couponEffect(coupon({ amount: 100_000 }), lines)).toMatchObject({ ok: true, discount: 500 });
    expect(couponEffect(coupon({ kind: 'percent', percent: 50, cap: 100 }), lines)).toMatchObject({
      ok: true,
      discount: 100,
    });
    expect(couponEffect(coupon({ minSpend: 501 }), lines)).toMatchObject({ ok: false, reason: 'min_spend' });
    expect(couponEffect(coupon({ kind: 'exchange' }), quote([line({ category: 'tvs' })], de).lines)).toMatchObject({
      ok: false,
      reason: 'not_eligible',
    });
    const total = quote([line({ sale_price: 5 })], de, { coupon: coupon({ amount: 100_000 }) }).total;
    expect(total).toBe(499); // only the shipping is left
  });
});

describe('Mi Points', () => {
  const id: PointsRules = { pointValueMinor: 10, earnPerMinor: 1000, minRedeem: 5000, maxShareBp: 2000 };

  it('follow the Mi Points minimum and share', () => {
    expect(maxRedeemable(id, 1_000_000, 1_000_000)).toBe(20_000);
    expect(pointsToUse(id, 5000, 1_000_000, 6000)).toEqual({ ok: true, points: 5000, discount: 50_000, max: 6000 });
    expect(pointsToUse(id, 4000, 1_000_000, 6000)).toMatchObject({ ok: false, reason: 'below_minimum' });
    expect(pointsToUse(id, 7000, 1_000_000, 6000)).toMatchObject({ ok: false, reason: 'not_enough' });
    expect(pointsToUse(id, 30_000, 1_000_000, 50_000)).toMatchObject({ ok: false, reason: 'over_share' });
    expect(pointsEarned(id, 12_379_000)).toBe(12_379);
  });
});
