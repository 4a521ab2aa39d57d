import { orderStepIn } from '../../orders/order-steps';
import { priced, written, type PlacementStep } from '../placement';

/**
 * Writes the unpaid order (a deposit order for a pre-order) with the quote's amounts; a company order names its
 * account.
 */
export const writeOrder: PlacementStep = {
  name: 'writeOrder',
  async run(p) {
    const { input, tx, repos } = p;
    const q = priced(p);
    const use = q.points?.use;
    const order = await repos.orders.insertIn(tx, {
      ...q,
      userId: input.userId,
      local: input.local,
      urlLocal: input.urlLocal,
      flow: input.flow,
      deliveryMethod: q.deliveryMethod,
      address: input.address,
      invoice: p.invoice,
      idempotencyKey: input.idempotencyKey,
      paymentWindowMinutes: input.rules.paymentWindowMinutes,
      couponId: p.coupon?.id ?? null,
      pointsUsed: use?.ok ? use.points : 0,
      pointsDiscount: use?.ok ? use.discount : 0,
      giftCardAmount: q.giftCardAmount,
      presaleId: q.presale?.campaignId ?? null,
    });
    if (input.business)
      Object.assign(
        order,
        await repos.orders.setCompanyIn(
          tx,
          order.id,
          input.business.accountId,
          input.business.vatExempt,
          q.business?.vatExempted ?? 0,
        ),
      );
    // The first step of the order's timeline, in the placement's transaction: no order without it.
    await orderStepIn(tx, order, 'placed', { actor: 'shopper' });
    p.order = order;
  },
};

/** Writes the order's lines, numbered in the cart's order. */
export const writeLines: PlacementStep = {
  name: 'writeLines',
  async run(p) {
    const order = written(p);
    for (const [i, line] of priced(p).lines.entries())
      p.lines.push(await p.repos.orders.insertLineIn(p.tx, order.id, i + 1, line));
  },
};
