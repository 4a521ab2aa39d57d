import { mailOutbox } from '../../mail/outbox';
import { markPaidIn } from '../../orders/paid';
import { priced, written, type PlacementStep } from '../placement';

/**
 * Gift cards paid it all: the order is paid now, with the gift cards as its payment; what payment sets off follows
 * in the same transaction (cart, points, issued gift cards, the inbox message) and the receipt is queued.
 */
export const settleByGiftCards: PlacementStep = {
  name: 'settleByGiftCards',
  async run(p) {
    const q = priced(p);
    const order = written(p);
    // An order in review is not paid, not even by its gift cards: clearing it settles them (review/decide.ts).
    if (order.state === 'in_review' || !(q.amountDue === 0 && q.giftCardAmount > 0))
      return { ok: true, order, replayed: false };
    const { repos, tx } = p;
    await repos.payments.recordGiftCardPaymentIn(tx, order.id, q.giftCardAmount, q.currency);
    const paid = await markPaidIn(tx, repos, order.id);
    await mailOutbox.enqueue(tx, {
      ...p.input.receipt(paid.order, paid.giftCards),
      dedupeKey: `payment-receipt:${order.id}`,
    });
    return {
      ok: true,
      order: (await repos.orders.byKey(tx, p.input.userId, p.input.idempotencyKey))!,
      replayed: false,
    };
  },
};
