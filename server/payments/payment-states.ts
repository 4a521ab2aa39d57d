import { PAYMENT_STATES } from '../schemas/async-payments';

/**
 * The one payment state machine, for every method (card, wallet, QR, transfer, pay later): where a payment stands,
 * whatever the provider calls it.
 * - pending: the store recorded the attempt and the provider (or the shopper, for an async method) has not answered.
 * - authorised: the provider holds the money but has not taken it yet (captured later, or voided).
 * - paid: the money was taken and pays the order; at most one per order.
 * - failed: declined, cancelled by the shopper, or never sent; nothing was taken.
 * - expired: the approval window lapsed before the shopper approved; nothing can be taken under it any more.
 * - refunded: money taken that the order could not take (closed, or paid by another payment) and owed back whole.
 */
export { PAYMENT_STATES };
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What can happen to a payment: the provider's answers, the shopper's cancellation, the clock, a refund. */
export const PAYMENT_EVENTS = ['authorise', 'succeed', 'fail', 'expire', 'refund'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

/**
 * The transition table: the state an event moves a payment to, or absent when the event changes nothing (a second
 * webhook, a cancellation after the money was taken). A success reported for a failed or expired payment still moves
 * it: money taken is never dropped, it pays the order or is refunded (`refund` follows at once when the order is
 * closed).
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentState, Partial<Record<PaymentEvent, PaymentState>>>> = {
  pending: { authorise: 'authorised', succeed: 'paid', fail: 'failed', expire: 'expired' },
  authorised: { succeed: 'paid', fail: 'failed', expire: 'expired' },
  paid: { refund: 'refunded' },
  failed: { succeed: 'paid' },
  expired: { succeed: 'paid' },
  refunded: {},
};

/** The state an event moves a payment to, or null when the event does not apply (the payment keeps its state). */
export function nextPaymentState(from: PaymentState, event: PaymentEvent): PaymentState | null {
  return PAYMENT_TRANSITIONS[from][event] ?? null;
}

/** The states no event leaves except a late success or a refund: the payment's outcome is known. */
export const isSettled = (state: PaymentState): boolean => state !== 'pending' && state !== 'authorised';

/** The states a payments row is written with (the card flows' words, and the two the async methods added). */
export type RowState = 'pending' | 'otp_required' | 'authorised' | 'succeeded' | 'failed' | 'expired' | 'reversed';

/**
 * How the payments rows carry the machine. The card flows came first and keep their words, so nothing that reads the
 * rows changes: `succeeded` is paid (the one-success-per-order index is on it), `reversed` is refunded (a late success
 * owed back through the refunds), and `otp_required` is a pending card payment waiting for its one-time password.
 * An after-sale refund of a paid order leaves its payment paid: that money is tracked by the refunds rows.
 */
export const ROW_STATE: Readonly<Record<PaymentState, RowState>> = {
  pending: 'pending',
  authorised: 'authorised',
  paid: 'succeeded',
  failed: 'failed',
  expired: 'expired',
  refunded: 'reversed',
};

/** The machine's state of a payments row. */
export function paymentStateOfRow(state: RowState): PaymentState {
  switch (state) {
    case 'otp_required':
      return 'pending';
    case 'succeeded':
      return 'paid';
    case 'reversed':
      return 'refunded';
    default:
      return state;
  }
}
