import type { Database } from '../db/types';
import { cancelIdle, type CancelRepos } from './cancel-order';
import type { PaymentReconciler } from '../payments/reconcile';

/** Why an order is closed, as recorded with it. */
export type CloseReason = 'shopper' | 'staff' | 'payment_window';

/** What closing did: `paid` when a payment in flight won the race, `in_flight` when the provider did not settle it. */
export type CloseResult = 'cancelled' | 'paid' | 'not_found' | 'not_unpaid' | 'in_flight';

/** Settle-then-cancel rounds before giving up on an order whose shopper keeps starting payments. */
const ROUNDS = 3;

/**
 * Closing an unpaid order, serialised with its payments: every payment in flight is first settled with its provider
 * (what it has not charged yet, it never will; what it has charged pays the order), then the order is cancelled
 * under its row lock only if no payment is in flight any more. Either the payment wins and the order is paid, or
 * the cancellation wins and no money moves. The shopper, staff and the payment-window sweep all close this way.
 */
export function orderClosing(options: {
  db: Database;
  repos: CancelRepos;
  reconciler: PaymentReconciler;
  inFlightMs: number;
}) {
  const { db, repos, reconciler } = options;
  const { orders } = repos;

  async function close(orderId: string, reason: CloseReason, userId?: number): Promise<CloseResult> {
    const head = await orders.head(orderId);
    if (!head || (userId !== undefined && head.user_id !== userId)) return 'not_found';
    // An order in review is cancelled like an unpaid one: nothing was paid on it.
    if (head.state !== 'unpaid' && head.state !== 'in_review') return head.state === 'paid' ? 'paid' : 'not_unpaid';
    for (let round = 0; round < ROUNDS; round++) {
      await reconciler.settleOrder(orderId, 'close');
      const result = await cancelIdle(db, repos, orderId, reason, userId);
      if (result === 'not_unpaid') return (await orders.head(orderId))?.state === 'paid' ? 'paid' : 'not_unpaid';
      if (result !== 'in_flight') return result;
    }
    return 'in_flight';
  }

  return {
    close,

    /**
     * Cancels unpaid orders past their payment window and releases their stock; returns how many. An order whose
     * payment was sent within the in-flight time waits for its answer: the payment may still win.
     */
    async expireDue(): Promise<number> {
      let n = 0;
      for (const id of await orders.dueUnpaid(options.inFlightMs))
        if ((await close(id, 'payment_window')) === 'cancelled') n++;
      return n;
    },
  };
}

export type OrderClosing = ReturnType<typeof orderClosing>;
