import type { Database, Queryable } from '../db/types';
import type { OrderActor } from '../schemas/order-events';
import type { CancelRepos } from './cancel-order';
import { refundOrderIn, type RefundPart } from './refund-order';
import { orderStepIn } from './order-steps';
import { CANCELLABLE_PAID_STATES } from './lifecycle';
import type { OrderState } from '../schemas/order';
import { closeCodIn } from './cod';

/** What cancelling a paid order gave back and took back, for the shopper's answer and the order's timeline. */
export interface PaidCancellation {
  refunded: number;
  parts: RefundPart[];
  couponReturned: boolean;
  /** Points earned on the order: taken back, and what the balance could not cover (already spent). */
  pointsTakenBack: number;
  pointsNotTakenBack: number;
  /** Points the order redeemed: not refundable, so they stay spent. */
  pointsRedeemed: number;
  giftCardsVoided: number;
}

/**
 * Why a paid order cannot be cancelled: not the user's (or no such order); something has shipped; already
 * cancelled; not paid (the unpaid cancellation closes those); a gift card it bought has been used; a pre-order
 * (its deposit and final payment are settled by the pre-sale rules or by staff).
 */
export type PaidCancelRefusal =
  | 'not_found'
  | 'shipped'
  | 'already_cancelled'
  | 'not_paid'
  | 'gift_card_used'
  | 'presale';

export type PaidCancelResult = ({ ok: true } & PaidCancellation) | { ok: false; reason: PaidCancelRefusal };

/** A paid order in one of these states has units on their way or delivered: it is returned, not cancelled. */
const SHIPPED = new Set(['partially_shipped', 'shipped', 'delivered']);
const cancellable = (state: OrderState) => (CANCELLABLE_PAID_STATES as readonly OrderState[]).includes(state);

/**
 * Cancels a paid order that has not shipped (paid or processing) in the caller's transaction, and refunds it in
 * full: the money goes back through refundOrderIn (the card or provider by the refund job, transfers by staff, gift
 * cards at once), the units go back on sale, the coupon comes back while its window has not ended, the points it
 * earned are taken back (never below zero: what was already spent is recorded), the points it redeemed are not
 * refundable (the store's stated rule), gift cards it bought are voided (refused when one was used), F-codes and a
 * trade-in are released as an unpaid cancellation releases them. Locks: the order's row, then the user's placement
 * lock (so no checkout spends the points or the bought gift cards meanwhile), then the gift cards.
 */
export async function cancelPaidOrderIn(
  tx: Queryable,
  repos: CancelRepos,
  request: { orderId: string; actor: OrderActor; reason: 'shopper' | 'staff'; userId?: number },
): Promise<PaidCancelResult> {
  const order = await repos.orders.lockPaidIn(tx, request.orderId);
  if (!order || (request.userId !== undefined && order.user_id !== request.userId))
    return { ok: false, reason: 'not_found' };
  if (SHIPPED.has(order.state)) return { ok: false, reason: 'shipped' };
  if (order.state === 'cancelled') return { ok: false, reason: 'already_cancelled' };
  if (!cancellable(order.state)) return { ok: false, reason: 'not_paid' };
  // A cash-on-delivery order is processing unpaid: it is cancelled as one, with nothing to refund.
  if (!order.paid_at) return cancelCodIn(tx, repos, request);
  if (order.kind !== 'standard') return { ok: false, reason: 'presale' };
  await repos.orders.lockPlacementsIn(tx, order.user_id);
  const voided = await repos.giftCards.voidBoughtIn(tx, order.id);
  if (voided === 'used') return { ok: false, reason: 'gift_card_used' };

  if (!(await repos.orders.cancelPaidRowIn(tx, order.id, request.reason, CANCELLABLE_PAID_STATES)))
    return { ok: false, reason: 'not_paid' };
  const refund = await refundOrderIn(tx, repos, {
    orderId: order.id,
    amount: 'all',
    currency: order.currency,
    reason: 'cancelled',
    actor: request.actor,
  });
  await repos.orders.releaseStockIn(tx, order.id, order.local);
  const couponReturned = await repos.coupons.releaseIfValidIn(tx, order.id);
  const points = await repos.points.takeBackEarnedIn(tx, order.id);
  await repos.fcodes.releaseIn(tx, order.id);
  await repos.tradeIns.releaseIn(tx, order.id);
  const result: PaidCancellation = {
    refunded: refund.refunded,
    parts: refund.parts,
    couponReturned,
    pointsTakenBack: points.takenBack,
    pointsNotTakenBack: points.notTakenBack,
    pointsRedeemed: await repos.orders.pointsUsedIn(tx, order.id),
    giftCardsVoided: voided.voided,
  };
  await orderStepIn(tx, order, 'cancelled', {
    actor: request.actor,
    detail: {
      reason: request.reason,
      refunded: result.refunded,
      couponReturned,
      pointsTakenBack: result.pointsTakenBack,
      pointsNotTakenBack: result.pointsNotTakenBack,
      pointsRedeemed: result.pointsRedeemed,
      giftCardsVoided: result.giftCardsVoided,
    },
  });
  return { ok: true, ...result };
}

/** cancelPaidOrderIn in its own transaction. */
export function cancelPaidOrder(
  db: Database,
  repos: CancelRepos,
  request: Parameters<typeof cancelPaidOrderIn>[2],
): Promise<PaidCancelResult> {
  return db.transaction((tx) => cancelPaidOrderIn(tx, repos, request));
}

/** The paid-order cancellation's answer for a cash-on-delivery order not yet paid: nothing refunded or taken back. */
async function cancelCodIn(
  tx: Queryable,
  repos: CancelRepos,
  request: Parameters<typeof cancelPaidOrderIn>[2],
): Promise<PaidCancelResult> {
  const closed = await closeCodIn(tx, repos, { ...request, as: 'cancelled' });
  if (!closed.ok) return { ok: false, reason: closed.refusal === 'shipped' ? 'shipped' : 'not_paid' };
  return {
    ok: true,
    refunded: 0,
    parts: [],
    // As an unpaid cancellation answers: its coupon is released whatever its window.
    couponReturned: false,
    pointsTakenBack: 0,
    pointsNotTakenBack: 0,
    pointsRedeemed: 0,
    giftCardsVoided: 0,
  };
}
