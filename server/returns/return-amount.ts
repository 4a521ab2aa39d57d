/** What a returned order line is worth back: its share of what the shopper paid. */

/** The money of an order a return's refund is a share of (minor units of its currency). */
export interface PaidOrder {
  /** What the shopper paid (gift-card parts included: the refund goes back the way it came). */
  total: number;
  itemsTotal: number;
  discount: number;
  shippingFee: number;
  /** Tax added on top (not included, not exempted): the shipping's share of the total then carries its tax too. */
  taxAdded: boolean;
}

/** Units of one order line going back. */
export interface ReturnedUnits {
  /** The line's subtotal and quantity as ordered. */
  subtotal: number;
  quantity: number;
  /** Units going back. */
  units: number;
}

/** The part of the total that paid for delivery: the fee, with its tax where tax is added on top. */
export function shippingPaid(o: PaidOrder): number {
  if (o.shippingFee === 0) return 0;
  if (!o.taxAdded) return Math.min(o.shippingFee, o.total);
  const taxable = Math.max(0, o.itemsTotal - o.discount) + o.shippingFee;
  return taxable === 0 ? 0 : Number((BigInt(o.total) * BigInt(o.shippingFee) + BigInt(taxable) / 2n) / BigInt(taxable));
}

/**
 * The refund of returned units: each line's subtotal for those units less its share of the order's discounts (the
 * goods' part of the total, spread by subtotal), rounded down so parts never add up to more than was paid. When the
 * return brings the whole order back, the refund is everything paid not yet refunded by earlier returns, shipping
 * included (a distance sale withdrawn in full refunds the standard delivery).
 * @example returnRefund(order, [{ subtotal: 2000, quantity: 2, units: 1 }], { whole: false, refundedBefore: 0 })
 */
export function returnRefund(
  order: PaidOrder,
  lines: readonly ReturnedUnits[],
  context: { whole: boolean; refundedBefore: number },
): number {
  if (context.whole) return Math.max(0, order.total - context.refundedBefore);
  if (order.itemsTotal === 0) return 0;
  const goods = BigInt(Math.max(0, order.total - shippingPaid(order)));
  const share = lines.reduce(
    (sum, l) => sum + (goods * BigInt(l.subtotal) * BigInt(l.units)) / (BigInt(l.quantity) * BigInt(order.itemsTotal)),
    0n,
  );
  return Math.min(Number(share), Math.max(0, order.total - context.refundedBefore));
}
