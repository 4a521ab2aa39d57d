import type { Database } from '../db/types';
import type { OutgoingMail } from '../mail/outbox';
import { mailOutbox } from '../mail/outbox';
import type { OrderRow } from '../repositories/orders';
import { cancelOrderIn, type CancelRepos } from '../orders/cancel-order';
import { markPaidIn, type IssuedGiftCard, type PaidEffects } from '../orders/paid';
import { orderStepIn } from '../orders/order-steps';
import type { OrderReviewRepository } from '../repositories/order-review';
import type { PaymentsRepository } from '../repositories/payments';
import type { UsersRepository } from '../repositories/users';
import { commerceRules } from '../../sites/commerce';

/** The repositories a staff decision writes through. */
export type DecideRepos = CancelRepos &
  PaidEffects & {
    orderReview: OrderReviewRepository;
    payments: Pick<PaymentsRepository, 'recordGiftCardPaymentIn'>;
    users: Pick<UsersRepository, 'byId'>;
  };

/** What a decision did, or why it did nothing (`decided`: someone decided on the order first). */
export type DecisionResult =
  | { ok: true; orderId: string; state: 'unpaid' | 'paid' | 'cancelled'; payBefore: Date | null }
  | { ok: false; reason: 'not_found' | 'decided' | 'unpaid_exists' };

export interface Decision {
  orderId: string;
  /** The staff member's storefront: orders of other countries are not theirs to decide. */
  local: string;
  staffId: number;
}

/**
 * Clears an order in review: it becomes unpaid with a whole payment window from now, and the 'review_cleared' step
 * is recorded (with its message). An order gift cards paid in full is paid at once, as it would have been at
 * placement. Serialised with the shopper's placements (their lock first, then the order's row), so a cleared order
 * never meets a second unpaid one; of many clears at once, one clears and the others find it `decided`.
 */
export async function clearOrder(
  db: Database,
  repos: DecideRepos,
  decision: Decision,
  receipt: (order: OrderRow, giftCards: IssuedGiftCard[], email: string) => OutgoingMail,
): Promise<DecisionResult> {
  const owner = await repos.orderReview.ownerOf(decision.orderId, decision.local);
  if (owner === null) return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx) => {
    await repos.orders.lockPlacementsIn(tx, owner);
    const row = await repos.orderReview.lockForDecisionIn(tx, decision.orderId, decision.local);
    if (!row) return { ok: false, reason: 'not_found' } as const;
    if (row.state !== 'in_review') return { ok: false, reason: 'decided' } as const;
    // A pre-order's final payment may have been started meanwhile: one unpaid order per user still holds.
    if (await repos.orderReview.hasUnpaidIn(tx, row.user_id)) return { ok: false, reason: 'unpaid_exists' } as const;
    const payBefore = await repos.orderReview.clearIn(tx, row.id, commerceRules(row.local).paymentWindowMinutes);
    if (!payBefore) return { ok: false, reason: 'decided' } as const;
    await orderStepIn(tx, row, 'review_cleared', { actor: `staff:${decision.staffId}` });
    if (!(row.gift_card_amount > 0 && row.total - row.gift_card_amount === 0))
      return { ok: true, orderId: row.id, state: 'unpaid', payBefore } as const;
    await repos.payments.recordGiftCardPaymentIn(tx, row.id, row.gift_card_amount, row.currency);
    const paid = await markPaidIn(tx, repos, row.id);
    const email = (await repos.users.byId(tx, row.user_id))?.email ?? '';
    await mailOutbox.enqueue(tx, {
      ...receipt(paid.order, paid.giftCards, email),
      dedupeKey: `payment-receipt:${row.id}`,
    });
    return { ok: true, orderId: row.id, state: 'paid', payBefore: null } as const;
  });
}

/**
 * Rejects an order in review: it is cancelled through the one cancel path with the reason 'review_rejected', which
 * gives back its stock, coupon, points, F-codes, gift-card amounts and trade-in. Nothing was paid, so nothing is owed.
 */
export async function rejectOrder(db: Database, repos: DecideRepos, decision: Decision): Promise<DecisionResult> {
  if ((await repos.orderReview.ownerOf(decision.orderId, decision.local)) === null)
    return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx) => {
    const row = await repos.orderReview.lockForDecisionIn(tx, decision.orderId, decision.local);
    if (!row) return { ok: false, reason: 'not_found' } as const;
    if (row.state !== 'in_review') return { ok: false, reason: 'decided' } as const;
    const result = await cancelOrderIn(tx, repos, row.id, 'review_rejected');
    if (result !== 'cancelled') return { ok: false, reason: 'decided' } as const;
    return { ok: true, orderId: row.id, state: 'cancelled', payBefore: null } as const;
  });
}
