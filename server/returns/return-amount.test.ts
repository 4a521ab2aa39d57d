import { describe, expect, it } from 'vitest';
import { returnRefund, shippingPaid, type PaidOrder } from './return-amount';

// Two lines: 2 × 100.00 and 1 × 50.00, a 25.00 coupon, 5.00 delivery, VAT included.
const order: PaidOrder = { total: 23_000, itemsTotal: 25_000, discount: 2_500, shippingFee: 500, taxAdded: false };

describe('returnRefund', () => {
  it("refunds a line's subtotal less its share of the discounts, never the delivery", () => {
    // The goods paid 22,500 of 25,000 at shelf prices: one unit of 100.00 is worth back 90.00.
    expect(
      returnRefund(order, [{ subtotal: 20_000, quantity: 2, units: 1 }], { whole: false, refundedBefore: 0 }),
    ).toBe(9_000);
    expect(
      returnRefund(
        order,
        [
          { subtotal: 20_000, quantity: 2, units: 2 },
          { subtotal: 5_000, quantity: 1, units: 1 },
        ],
        { whole: false, refundedBefore: 0 },
      ),
    ).toBe(22_500);
  });

  it('refunds everything left, delivery included, when the whole order comes back', () => {
    expect(
      returnRefund(order, [{ subtotal: 5_000, quantity: 1, units: 1 }], { whole: true, refundedBefore: 18_000 }),
    ).toBe(5_000);
  });

  it('rounds down and never passes what is left to refund', () => {
    const odd: PaidOrder = { total: 1_000, itemsTotal: 999, discount: 0, shippingFee: 1, taxAdded: false };
    expect(returnRefund(odd, [{ subtotal: 999, quantity: 3, units: 1 }], { whole: false, refundedBefore: 0 })).toBe(
      333,
    );
    expect(returnRefund(odd, [{ subtotal: 999, quantity: 3, units: 1 }], { whole: false, refundedBefore: 900 })).toBe(
      100,
    );
  });

  it('takes the tax on delivery out with the delivery where tax is added on top', () => {
    // 100.00 goods + 10.00 delivery, 10 % added: 121.00 paid, of which 11.00 for delivery.
    const taxed: PaidOrder = { total: 12_100, itemsTotal: 10_000, discount: 0, shippingFee: 1_000, taxAdded: true };
    expect(shippingPaid(taxed)).toBe(1_100);
    expect(
      returnRefund(taxed, [{ subtotal: 10_000, quantity: 1, units: 1 }], { whole: false, refundedBefore: 0 }),
    ).toBe(11_000);
  });

  it('stays exact for amounts past 2^53 when multiplied (IDR, KRW, VND totals)', () => {
    const big: PaidOrder = {
      total: 90_000_000_000,
      itemsTotal: 90_000_000_000,
      discount: 0,
      shippingFee: 0,
      taxAdded: false,
    };
    expect(
      returnRefund(big, [{ subtotal: 30_000_000_000, quantity: 3, units: 1 }], { whole: false, refundedBefore: 0 }),
    ).toBe(10_000_000_000);
  });
});
