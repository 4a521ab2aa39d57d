import type { FastifyBaseLogger } from 'fastify';
import type { BnplProvider, BnplSession } from './bnpl';
import type { PaymentProvider } from './provider';
import type { AsyncPayment, AsyncProvider } from './async-provider';
import {
  paymentReference,
  type PaymentInFlight,
  type PaymentsRepository,
  type RecordedOutcome,
} from '../repositories/payments';
import {
  splitPartReference,
  type SplitPartInFlight,
  type SplitPaymentsRepository,
} from '../repositories/split-payments';
import { paymentMethodLabel, type ReceiptWriter } from './receipts';
import { findStorefront } from '../storefront';

/**
 * How a payment in flight is settled: `close` when its order is being cancelled (what the provider has not charged
 * yet, it never will), `stale` when its request died or never answered (ask the provider what happened; cancel
 * only what it never received), `attempt` when the shopper starts another payment of the order once the earlier one
 * is past its in-flight time (a pay-later session they left is closed; a card call is settled as when stale).
 */
export type SettleMode = 'close' | 'stale' | 'attempt';

export interface ReconcileOptions {
  card: PaymentProvider;
  bnpl: BnplProvider;
  /** The async provider (e-wallets, QRIS); without it, its payments are left to whoever runs one. */
  asyncPay?: AsyncProvider;
  /** Told what the async provider's books say of a payment each time they are read (a bank account's money in). */
  onAsyncRead?: (payment: PaymentInFlight, known: AsyncPayment) => Promise<void>;
  payments: PaymentsRepository;
  splitPayments: SplitPaymentsRepository;
  receipts: ReceiptWriter;
  /** A card payment not answered for this long is no longer waited for: its provider is asked instead. */
  inFlightMs: number;
  /** How long a shopper has on a pay-later provider's approval page before the store closes the session. */
  bnplSessionMs: number;
  log: FastifyBaseLogger;
}

const age = (row: { updated_at: Date }) => Date.now() - new Date(row.updated_at).getTime();

/**
 * Reconciliation: what the store records of a payment follows what its provider's books say, asked by our payment
 * id, never inferred from silence. It settles the payments of an order before the order is cancelled, and
 * payments left in flight by a crash or a lost answer (at start-up and periodically), so no attempt starts while
 * an earlier one might have charged, and a charge on a closed order is reversed and refunded.
 */
export function paymentReconciler(options: ReconcileOptions) {
  const { card, bnpl, payments, splitPayments, receipts } = options;

  /** What the pay-later provider's session of a payment says, or null while the shopper is still deciding. */
  async function bnplOutcome(payment: PaymentInFlight, mode: SettleMode): Promise<RecordedOutcome | null> {
    const reference = paymentReference(payment.id);
    let session: BnplSession | null = mode === 'stale' ? await bnpl.lookup(reference) : await bnpl.cancel(reference);
    if (session?.status === 'pending' && age(payment) > options.bnplSessionMs) session = await bnpl.cancel(reference);
    if (!session) return mode !== 'stale' || age(payment) > options.inFlightMs ? { status: 'not_sent' } : null;
    if (session.status === 'pending') return null;
    if (session.status !== 'approved')
      return { status: 'declined', code: session.status === 'expired' ? 'cancelled' : 'declined' };
    if (session.amountMinor !== payment.amount || session.currency !== payment.currency) {
      options.log.error(
        { paymentId: payment.id, session: session.sessionRef },
        'pay-later session does not match its payment: left for staff',
      );
      return null;
    }
    return {
      status: 'succeeded',
      providerRef: session.sessionRef,
      brand: null,
      last4: null,
      expiry: { month: 0, year: 0 },
    };
  }

  /**
   * What the async provider's books say of a payment: `close` and `attempt` cancel what the shopper has not approved;
   * an approval past its expiry is cancelled now (the provider's clock may be late) and recorded as expired.
   */
  async function asyncOutcome(provider: AsyncProvider, payment: PaymentInFlight, mode: SettleMode) {
    const reference = paymentReference(payment.id);
    // A new attempt of the order (another method) gives up the approval, like a cancellation does.
    let known = mode === 'stale' ? await provider.lookup(reference) : await provider.cancel(reference);
    const lapsed = payment.expires_at !== null && new Date(payment.expires_at).getTime() <= Date.now();
    if (known?.status === 'pending' && lapsed && payment.state === 'pending') {
      known = await provider.cancel(reference);
      if (known && options.onAsyncRead) await options.onAsyncRead(payment, known);
      // Closed by the store's clock: the approval lapsed, the shopper did not refuse it.
      if (known?.status === 'cancelled') return { status: 'expired' } as const;
    }
    if (known && options.onAsyncRead) await options.onAsyncRead(payment, known);
    if (!known) return mode !== 'stale' || age(payment) > options.inFlightMs ? ({ status: 'not_sent' } as const) : null;
    if (known.status === 'pending') return null;
    if (known.status === 'cancelled') return { status: 'declined', code: 'cancelled' } as const;
    if (known.status === 'expired') return { status: 'expired' } as const;
    if (known.amountMinor !== payment.amount || known.currency !== payment.currency) {
      options.log.error(
        { paymentId: payment.id, providerRef: known.providerRef },
        'async payment does not match its payment: left for staff',
      );
      return null;
    }
    return {
      status: 'succeeded',
      providerRef: known.providerRef,
      brand: null,
      last4: null,
      expiry: { month: 0, year: 0 },
    } as const;
  }

  /** What the card gateway says of a charge; in `stale` mode a charge it never received is cancelled first. */
  async function cardOutcome(
    reference: string,
    state: 'pending' | 'otp_required',
    mode: SettleMode,
  ): Promise<Exclude<RecordedOutcome, { status: 'expired' }> | null> {
    if (mode === 'close') return card.cancel(reference);
    // `stale` and `attempt` alike: a card call is only settled once past its in-flight time (the callers check).
    // Waiting for the shopper's one-time password is not stale: the shopper types it, or the order closes.
    if (state === 'otp_required') return null;
    const known = await card.retrieve(reference);
    if (known.status !== 'none') return known;
    const after = await card.cancel(reference);
    return after.status === 'declined' && after.code === 'cancelled' ? { status: 'not_sent' } : after;
  }

  async function settlePayment(payment: PaymentInFlight, mode: SettleMode): Promise<void> {
    const outcome =
      payment.provider === bnpl.id
        ? await bnplOutcome(payment, mode)
        : options.asyncPay && payment.provider === options.asyncPay.id
          ? await asyncOutcome(options.asyncPay, payment, mode)
          : payment.provider === card.id
            ? await cardOutcome(paymentReference(payment.id), payment.state as 'pending', mode)
            : null;
    if (!outcome) return;
    const label =
      outcome.status === 'succeeded' && outcome.brand && outcome.last4
        ? paymentMethodLabel('', { method: payment.method, card_brand: outcome.brand, card_last4: outcome.last4 })
        : paymentMethodLabel(findStorefront(payment.url_local)?.local ?? '', payment, payment.plan_id);
    const result = await payments.record(payment.id, outcome, receipts(payment, label));
    options.log.info(
      { paymentId: payment.id, orderId: payment.order_id, mode, outcome: outcome.status, recorded: result.state },
      'payment reconciled with its provider',
    );
  }

  async function settlePart(part: SplitPartInFlight, mode: SettleMode): Promise<void> {
    const outcome = await cardOutcome(splitPartReference(part.id), 'pending', mode);
    if (!outcome) return;
    await splitPayments.settleCard(part.id, card.id, outcome, receipts(part, 'split'));
    options.log.info(
      { partId: part.id, orderId: part.order_id, mode, outcome: outcome.status },
      'split payment part reconciled with its provider',
    );
  }

  return {
    /**
     * Settles the payments of an order that are in flight: all of them before its cancellation (`close`), or, when
     * its shopper pays again (`attempt`), those past their in-flight time (a double click waits for the first). With
     * `userId`, only if the order is theirs.
     */
    async settleOrder(orderId: string, mode: Exclude<SettleMode, 'stale'>, userId?: number): Promise<void> {
      const inFlight = await payments.inFlight({ orderId });
      const parts = await splitPayments.inFlight({ orderId });
      if (userId !== undefined && [...inFlight, ...parts].some((p) => p.user_id !== userId)) return;
      for (const payment of inFlight) {
        const due = mode === 'close' || (payment.state === 'pending' && age(payment) > options.inFlightMs);
        if (due) await settlePayment(payment, mode);
      }
      for (const part of parts) {
        if (mode === 'close' || age(part) > options.inFlightMs) await settlePart(part, mode);
      }
    },

    /**
     * Settles one payment now (a pay-later provider's callback, or the shopper's status check). With `settled`, also
     * a payment the store already gave up or let lapse (a provider's webhook): money its provider took late is then
     * recorded, and refunded when the order can no longer take it.
     */
    async settleOne(paymentId: string, options: { settled?: boolean } = {}): Promise<void> {
      const payment = (await payments.inFlight({ paymentId, settled: options.settled === true }))[0];
      if (payment) await settlePayment(payment, 'stale');
    },

    /**
     * Settles payments and card parts in flight longer than the in-flight time, across all orders; returns how many
     * were looked at. Each provider gets its own batch, so many open pay-later sessions never crowd out card calls.
     */
    async settleStale(limit = 100): Promise<number> {
      const stale = [
        ...(await payments.inFlight({ olderThanMs: options.inFlightMs, limit, provider: card.id })),
        ...(await payments.inFlight({ olderThanMs: options.inFlightMs, limit, provider: bnpl.id })),
        // Async payments wait for their webhook; the sweep only closes approvals past their expiry.
        ...(options.asyncPay ? await payments.inFlight({ lapsed: true, limit, provider: options.asyncPay.id }) : []),
      ];
      for (const payment of stale) await settlePayment(payment, 'stale');
      const parts = await splitPayments.inFlight({ olderThanMs: options.inFlightMs, limit });
      for (const part of parts) await settlePart(part, 'stale');
      return stale.length + parts.length;
    },
  };
}

export type PaymentReconciler = ReturnType<typeof paymentReconciler>;
