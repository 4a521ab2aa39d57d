import type { Database, Queryable } from '../db/types';
import type { ChargeOutcome, DeclineCode } from '../payments/provider';
import type { OrderRow } from './orders';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { instalmentSchedule } from '../../region-config/instalments';
import { markPaidIn, paidEffects, type IssuedGiftCard } from '../orders/paid';
import { splitPaymentFromMinor } from '../../sites/business-pricing';
import { owePaymentBackIn } from './refunds';
import { orderStepIn } from '../orders/order-steps';
import { nextPaymentState, paymentStateOfRow, type RowState } from '../payments/payment-states';

export { paidEffects } from '../orders/paid';

/** At most 5 saved cards per user. */
export const MAX_SAVED_CARDS = 5;

export interface PaymentRow {
  id: string;
  order_id: string;
  provider: string;
  method: string;
  /**
   * reversed: the provider took the money after the order could no longer take it; a refund gives it back. The
   * payment state machine (payments/payment-states.ts) reads these words: succeeded is paid, reversed is refunded.
   */
  state: RowState;
  amount: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  provider_ref: string | null;
  failure_code: string | null;
  save_card: boolean;
  /** Until when the shopper may approve an async payment (e-wallet, QR); null for the others. */
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SavedCardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  token: string;
}

/** The columns of a payment row, of the table itself or of its alias `p` in a join. */
const paymentColumns = (p = '') =>
  `${p}id::text AS id, ${p}order_id::text AS order_id, ${p}provider, ${p}method, ${p}state,
  ${p}amount::float8 AS amount, ${p}currency, ${p}card_brand,
  ${p}card_last4, ${p}provider_ref, ${p}failure_code, ${p}save_card, ${p}expires_at, ${p}created_at, ${p}updated_at`;
const PAYMENT_COLUMNS = paymentColumns();

/** The reference a provider knows a payment by: the gateway charges each reference at most once. */
export const paymentReference = (paymentId: string) => `pay_${paymentId}`;

export type StartResult =
  | { ok: true; payment: PaymentRow; order: OrderRow }
  | { ok: false; reason: 'not_found' | 'not_payable' | 'expired' | 'in_progress' | 'split_required' };

/** What recording a provider's answer did, for the route to answer the shopper. */
export type RecordResult =
  | { state: 'succeeded'; orderId: string; cardSaved: boolean }
  | { state: 'otp_required'; orderId: string }
  | {
      state: 'failed';
      orderId: string;
      code: DeclineCode | 'order_closed' | 'duplicate' | 'abandoned' | 'not_sent' | 'expired';
    };

/**
 * An answer to record: the provider's outcome, the store's own conclusion that nothing was charged, or an async
 * approval that lapsed unapproved.
 */
export type RecordedOutcome = ChargeOutcome | { status: 'not_sent' } | { status: 'expired' };

/** A payment in flight, with what the reconciliation needs to ask its provider and write the receipt. */
export interface PaymentInFlight extends PaymentRow {
  user_id: number;
  url_local: string;
  email: string;
  /** The instalment plan or pay-later offer it pays with, if any. */
  plan_id: string | null;
}

/**
 * Payments of orders. A payment is created before the provider is asked (its id is the provider's reference, so a
 * retry never charges twice), one at a time per order; the provider's answer is recorded in one transaction with
 * the order's state, the cart clean-up, the saved card and the receipt mail. Only the server records outcomes.
 * Every transaction here locks the order before its payments, as cancellation does, so they never deadlock.
 */
/** Whether a payment of the order is with its provider or waiting for its one-time password. */
export async function paymentInFlightIn(tx: Queryable, orderId: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM payments WHERE order_id = $1 AND state IN ('pending', 'otp_required') LIMIT 1`,
    [orderId],
  );
  return rows.length > 0;
}

export function paymentsRepository(db: Database) {
  const effects = paidEffects(db);

  return {
    async start(
      userId: number,
      orderId: string,
      provider: string,
      method: string,
      saveCard: boolean,
      plan?: PlanChoice,
    ): Promise<StartResult> {
      if (!/^\d{1,18}$/.test(orderId)) return { ok: false, reason: 'not_found' };
      return db.transaction(async (tx) => {
        const order = (
          await tx.query<OrderRow & { due: boolean }>(
            `SELECT id::text AS id, state, currency, (total - gift_card_amount)::float8 AS total,
               pay_before <= now() AS due, flow, local FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE`,
            [orderId, userId],
          )
        )[0];
        if (!order) return { ok: false, reason: 'not_found' } as const;
        if (order.state !== 'unpaid') return { ok: false, reason: 'not_payable' } as const;
        if (order.due) return { ok: false, reason: 'expired' } as const;
        // An earlier attempt that might have charged blocks a new one, however old: the reconciliation asks its
        // provider first (the routes call it for attempts past the in-flight time before coming here).
        if ((await tx.query(`SELECT 1 FROM payments WHERE order_id = $1 AND state = 'pending'`, [orderId])).length > 0)
          return { ok: false, reason: 'in_progress' } as const;
        // A company order over the split threshold, or one with split parts under way or paid, is paid in parts only.
        if (order.flow === 'company' && order.total > splitPaymentFromMinor(order.local))
          return { ok: false, reason: 'split_required' } as const;
        if (
          (
            await tx.query(
              `SELECT 1 FROM split_payment_parts WHERE order_id = $1 AND state IN ('pending', 'succeeded')`,
              [orderId],
            )
          ).length > 0
        )
          return { ok: false, reason: 'split_required' } as const;
        // A password never typed is abandoned when the shopper tries again: its charge is never confirmed, since
        // only a payment waiting for its password can be (claimOtp).
        await tx.query(
          `UPDATE payments SET state = 'failed', failure_code = 'abandoned', updated_at = now()
           WHERE order_id = $1 AND state = 'otp_required'`,
          [orderId],
        );
        const payment = (
          await tx.query<PaymentRow>(
            `INSERT INTO payments (order_id, provider, method, state, amount, currency, save_card)
             VALUES ($1, $2, $3, 'pending', $4, $5, $6) RETURNING ${PAYMENT_COLUMNS}`,
            [orderId, provider, method, order.total, order.currency, saveCard],
          )
        )[0]!;
        // The plan's figures follow the amount decided here; outside the plan's range nothing is written.
        if (plan) await insertPlan(tx, payment, plan);
        return { ok: true, payment, order } as const;
      });
    },

    /** A payment of the user waiting for its one-time password. */
    async awaitingOtp(userId: number, paymentId: string): Promise<PaymentRow | null> {
      if (!/^\d{1,18}$/.test(paymentId)) return null;
      const rows = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 AND state = 'otp_required'
           AND order_id IN (SELECT id FROM orders WHERE user_id = $2)`,
        [paymentId, userId],
      );
      return rows[0] ?? null;
    },

    /**
     * Takes a payment waiting for its one-time password into flight before the password goes to the provider, so
     * a cancellation meanwhile waits for the answer (or cancels the charge at the provider) instead of missing it.
     * Null when the payment is not waiting (another tab sent the password, or the order was closed).
     */
    async claimOtp(userId: number, paymentId: string): Promise<PaymentRow | null> {
      const waiting = await this.awaitingOtp(userId, paymentId);
      if (!waiting) return null;
      return db.transaction(async (tx) => {
        const order = (
          await tx.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1 FOR UPDATE`, [waiting.order_id])
        )[0];
        if (order?.state !== 'unpaid') return null;
        return (
          (
            await tx.query<PaymentRow>(
              `UPDATE payments SET state = 'pending', updated_at = now() WHERE id = $1 AND state = 'otp_required'
               RETURNING ${PAYMENT_COLUMNS}`,
              [paymentId],
            )
          )[0] ?? null
        );
      });
    },

    /** A wrong password leaves the payment waiting for the next try. */
    async releaseOtp(paymentId: string): Promise<void> {
      await db.query(
        `UPDATE payments SET state = 'otp_required', updated_at = now() WHERE id = $1 AND state = 'pending'`,
        [paymentId],
      );
    },

    /**
     * Records a provider's answer once: a payment already settled keeps its first outcome, so the route, the
     * reconciliation job and a cancellation may all record the same payment. A charge for an order that can no
     * longer take it (closed, or paid by another payment) is reversed and owed back through its provider.
     */
    async record(
      paymentId: string,
      outcome: RecordedOutcome,
      receipt: (order: OrderRow, giftCards: IssuedGiftCard[]) => OutgoingMail,
    ): Promise<RecordResult> {
      return db.transaction(async (tx) => {
        const orderId = (
          await tx.query<{ order_id: string }>(`SELECT order_id::text AS order_id FROM payments WHERE id = $1`, [
            paymentId,
          ])
        )[0]!.order_id;
        const order = (
          await tx.query<OrderRow>(
            `SELECT id::text AS id, state, user_id, url_local, local FROM orders WHERE id = $1 FOR UPDATE`,
            [orderId],
          )
        )[0]!;
        const payment = (
          await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 FOR UPDATE`, [paymentId])
        )[0]!;
        const settled = settledResult(payment);
        // A charge reported for a payment given up or lapsed is still money taken: the state machine lets a late
        // success through, and it is recorded below, never dropped.
        const lateSuccess =
          outcome.status === 'succeeded' && nextPaymentState(paymentStateOfRow(payment.state), 'succeed') !== null;
        if (settled && !lateSuccess) return settled;

        if (outcome.status === 'expired') {
          await tx.query(
            `UPDATE payments SET state = 'expired', failure_code = 'expired', updated_at = now() WHERE id = $1`,
            [paymentId],
          );
          return { state: 'failed', orderId: order.id, code: 'expired' };
        }

        if (outcome.status === 'not_sent' || outcome.status === 'declined') {
          const code = outcome.status === 'not_sent' ? 'not_sent' : outcome.code;
          const card: { brand?: string; last4?: string } = outcome.status === 'declined' ? outcome : {};
          await tx.query(
            `UPDATE payments SET state = 'failed', failure_code = $2, card_brand = coalesce($3, card_brand),
               card_last4 = coalesce($4, card_last4), updated_at = now() WHERE id = $1`,
            [paymentId, code, card.brand ?? null, card.last4 ?? null],
          );
          await settlePlan(tx, paymentId, 'declined');
          return { state: 'failed', orderId: order.id, code };
        }
        if (outcome.status === 'otp_required') {
          await tx.query(
            `UPDATE payments SET state = 'otp_required', provider_ref = $2, card_brand = $3, card_last4 = $4,
               updated_at = now() WHERE id = $1`,
            [paymentId, outcome.providerRef, outcome.brand, outcome.last4],
          );
          return { state: 'otp_required', orderId: order.id };
        }
        if (order.state !== 'unpaid') {
          const reason = order.state === 'cancelled' ? 'order_closed' : 'duplicate';
          await tx.query(
            `UPDATE payments SET state = 'reversed', failure_code = $2, provider_ref = $3, card_brand = coalesce($4,
               card_brand), card_last4 = coalesce($5, card_last4), updated_at = now() WHERE id = $1`,
            [paymentId, reason, outcome.providerRef, outcome.brand, outcome.last4],
          );
          await settlePlan(tx, paymentId, 'approved');
          await owePaymentBackIn(tx, {
            orderId: order.id,
            amount: payment.amount,
            currency: payment.currency,
            reason,
            provider: payment.provider,
            providerRef: outcome.providerRef,
            source: { paymentId },
          });
          await orderStepIn(tx, { ...order, currency: payment.currency }, 'refund_due', { amount: payment.amount });
          return { state: 'failed', orderId: order.id, code: reason };
        }
        await tx.query(
          `UPDATE payments SET state = 'succeeded', provider_ref = $2, card_brand = $3, card_last4 = $4,
             failure_code = NULL, updated_at = now() WHERE id = $1`,
          [paymentId, outcome.providerRef, outcome.brand, outcome.last4],
        );
        await settlePlan(tx, paymentId, 'approved');
        const { order: paid, giftCards } = await markPaidIn(tx, effects, order.id);
        let cardSaved = false;
        if (payment.save_card && outcome.token && outcome.brand && outcome.last4)
          cardSaved = await saveCard(tx, order.user_id, payment.provider, {
            ...outcome,
            brand: outcome.brand,
            last4: outcome.last4,
          });
        await mailOutbox.enqueue(tx, { ...receipt(paid, giftCards), dedupeKey: `payment-receipt:${order.id}` });
        return { state: 'succeeded', orderId: order.id, cardSaved };
      });
    },

    /**
     * Payments in flight that the reconciliation should ask their provider about: those of one order or one id (any
     * age), or every pending one of a provider not touched for `olderThanMs` (a process that died with the call, or a
     * call that never answered).
     */
    async inFlight(
      filter:
        | { orderId: string }
        | { paymentId: string; settled?: boolean }
        | { olderThanMs: number; limit: number; provider: string }
        | { lapsed: true; limit: number; provider: string },
    ): Promise<PaymentInFlight[]> {
      const where =
        'lapsed' in filter
          ? {
              sql: `p.state = 'pending' AND p.provider = $2 AND p.expires_at <= now() ORDER BY p.expires_at LIMIT $1`,
              params: [filter.limit, filter.provider],
            }
          : 'orderId' in filter
            ? { sql: `p.order_id = $1 AND p.state IN ('pending', 'otp_required')`, params: [filter.orderId] }
            : 'paymentId' in filter
              ? {
                  sql: filter.settled ? `p.id = $1` : `p.id = $1 AND p.state IN ('pending', 'otp_required')`,
                  params: [filter.paymentId],
                }
              : {
                  sql: `p.state = 'pending' AND p.provider = $3
                      AND p.updated_at < now() - make_interval(secs => $1 / 1000.0) ORDER BY p.updated_at LIMIT $2`,
                  params: [filter.olderThanMs, filter.limit, filter.provider],
                };
      return db.query<PaymentInFlight>(
        `SELECT ${paymentColumns('p.')}, o.user_id, o.url_local, u.email, pp.plan_id
         FROM payments p JOIN orders o ON o.id = p.order_id JOIN users u ON u.id = o.user_id LEFT
         JOIN payment_plans pp ON pp.payment_id = p.id
         WHERE ${where.sql}`,
        where.params,
      );
    },

    /**
     * Lengthens the order's payment window to `windowMs` from now for a method whose shopper pays later by their own
     * steps (a convenience-store code, a bank transfer): the order, and the stock it holds, wait that long, then lapse
     * as any unpaid order does. Never shortens a window; only for a pending payment of an unpaid order.
     */
    async holdOrderFor(paymentId: string, windowMs: number): Promise<void> {
      await db.query(
        `UPDATE orders o SET pay_before = greatest(o.pay_before, now() + make_interval(secs => $2 / 1000.0))
         FROM payments p WHERE p.id = $1 AND p.order_id = o.id AND p.state = 'pending' AND o.state = 'unpaid'`,
        [paymentId, windowMs],
      );
    },

    /**
     * Gives an async payment its approval deadline: the method's window, never past the order's payment window (an
     * order lapses with its stock at its own time). Answers the deadline, or null when the payment is not pending.
     */
    async approvalDeadline(paymentId: string, windowMs: number): Promise<Date | null> {
      const rows = await db.query<{ expires_at: Date }>(
        `UPDATE payments p SET expires_at = least(now() + make_interval(secs => $2 / 1000.0), o.pay_before),
           updated_at = now()
         FROM orders o WHERE o.id = p.order_id AND p.id = $1 AND p.state = 'pending' RETURNING p.expires_at`,
        [paymentId, windowMs],
      );
      return rows[0] ? new Date(rows[0].expires_at) : null;
    },

    /** Links the provider's payment to ours (once); false when the payment is no longer in flight. */
    async attachProviderRef(paymentId: string, providerRef: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE payments SET provider_ref = coalesce(provider_ref, $2), updated_at = now()
         WHERE id = $1 AND state = 'pending' RETURNING id`,
        [paymentId, providerRef],
      );
      return rows.length > 0;
    },

    /** A payment of one of the user's orders, or null (another user's payment is not found). */
    async ofUser(userId: number, paymentId: string): Promise<PaymentRow | null> {
      if (!/^\d{1,18}$/.test(paymentId)) return null;
      const rows = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments
         WHERE id = $1 AND order_id IN (SELECT id FROM orders WHERE user_id = $2)`,
        [paymentId, userId],
      );
      return rows[0] ?? null;
    },

    /** The payment a provider knows by our reference (pay_<id>), of that provider. */
    async byReference(provider: string, reference: string): Promise<PaymentRow | null> {
      const id = /^pay_(\d{1,18})$/.exec(reference)?.[1];
      if (!id) return null;
      const rows = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 AND provider = $2`,
        [id, provider],
      );
      return rows[0] ?? null;
    },

    /** Gift cards paid a whole order at once: they are its one, already successful, payment. */
    async recordGiftCardPaymentIn(tx: Queryable, orderId: string, amount: number, currency: string): Promise<void> {
      await tx.query(
        `INSERT INTO payments (order_id, provider, method, state, amount, currency)
         VALUES ($1, 'gift_card', 'gift_card', 'succeeded', $2, $3)`,
        [orderId, amount, currency],
      );
    },

    /**
     * The cash a courier collected on delivery: the order's one successful payment, of provider `cod`. No provider
     * reference, so a later refund of it is paid back by staff.
     */
    async recordCodPaymentIn(tx: Queryable, orderId: string, amount: number, currency: string): Promise<string> {
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO payments (order_id, provider, method, state, amount, currency)
         VALUES ($1, 'cod', 'cod', 'succeeded', $2, $3) RETURNING id::text AS id`,
        [orderId, amount, currency],
      );
      return rows[0]!.id;
    },

    async payments(orderId: string): Promise<PaymentRow[]> {
      return db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = $1 ORDER BY id`, [orderId]);
    },

    async savedCards(userId: number): Promise<SavedCardRow[]> {
      return db.query<SavedCardRow>(
        `SELECT id::text AS id, brand, last4, exp_month, exp_year, token FROM saved_cards WHERE user_id = $1
         ORDER BY id`,
        [userId],
      );
    },

    async savedCard(userId: number, id: string): Promise<SavedCardRow | null> {
      if (!/^\d{1,18}$/.test(id)) return null;
      return (
        (
          await db.query<SavedCardRow>(
            `SELECT id::text AS id, brand, last4, exp_month, exp_year, token FROM saved_cards
             WHERE id = $1 AND user_id = $2`,
            [id, userId],
          )
        )[0] ?? null
      );
    },

    async deleteCard(userId: number, id: string): Promise<boolean> {
      if (!/^\d{1,18}$/.test(id)) return false;
      return (
        (await db.query(`DELETE FROM saved_cards WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId])).length > 0
      );
    },
  };
}

/** The outcome a settled payment already has, or null while it is in flight. */
function settledResult(payment: PaymentRow): RecordResult | null {
  if (payment.state === 'succeeded') return { state: 'succeeded', orderId: payment.order_id, cardSaved: false };
  if (payment.state === 'failed' || payment.state === 'reversed' || payment.state === 'expired')
    return { state: 'failed', orderId: payment.order_id, code: (payment.failure_code ?? 'declined') as DeclineCode };
  return null;
}

/** A plan payment (instalments, pay later) remembers how its provider settled it. */
async function settlePlan(tx: Queryable, paymentId: string, outcome: 'approved' | 'declined'): Promise<void> {
  await tx.query(`UPDATE payment_plans SET settled = $2 WHERE payment_id = $1 AND settled IS NULL`, [
    paymentId,
    outcome,
  ]);
}

/** At most 5 saved cards: a sixth is not saved (the payment itself stands); the same card twice is kept once. */
async function saveCard(
  tx: Queryable,
  userId: number,
  provider: string,
  outcome: Extract<ChargeOutcome, { status: 'succeeded' }>,
): Promise<boolean> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('saved-cards'), $1::int)`, [userId]);
  const count = (
    await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_cards WHERE user_id = $1`, [userId])
  )[0]!.n;
  if (count >= MAX_SAVED_CARDS) return false;
  const rows = await tx.query(
    `INSERT INTO saved_cards (user_id, provider, token, brand, last4, exp_month, exp_year)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, brand, last4, exp_month, exp_year) DO NOTHING RETURNING id`,
    [userId, provider, outcome.token, outcome.brand, outcome.last4, outcome.expiry.month, outcome.expiry.year],
  );
  return rows.length > 0;
}

/** The plan a payment is made with (instalments, the BFL EMI card or pay later), as the route chose it. */
export interface PlanChoice {
  kind: 'instalment' | 'bfl' | 'bnpl';
  /** A plan id of region-config/instalments.ts, or the pay-later offer's id. */
  planId: string;
  bank: string | null;
  cardKind: 'credit' | 'debit' | 'emi' | null;
  months: number;
  monthlyRateBp: number;
  currency: string;
  /** The amount range the plan accepts (minor units); the amount due is checked against it in start's transaction. */
  minAmount: number;
  maxAmount: number | null;
  returnUrl?: string | null;
}

/** start() refused the plan: the amount due is outside its range (nothing was written). */
export class PlanAmountError extends Error {
  constructor(
    readonly amount: number,
    readonly plan: PlanChoice,
  ) {
    super('amount outside the plan');
    this.name = 'PlanAmountError';
  }
}

export interface PaymentPlanRow {
  payment_id: string;
  kind: PlanChoice['kind'];
  plan_id: string;
  bank: string | null;
  card_kind: string | null;
  months: number;
  monthly_rate_bp: number;
  monthly_amount: number;
  last_amount: number;
  interest: number;
  total: number;
  currency: string;
  provider_ref: string | null;
  return_url: string | null;
  settled: 'approved' | 'declined' | null;
}

const PLAN_COLUMNS = `pp.payment_id::text AS payment_id, pp.kind, pp.plan_id, pp.bank, pp.card_kind, pp.months,
  pp.monthly_rate_bp,
  pp.monthly_amount::float8 AS monthly_amount, pp.last_amount::float8 AS last_amount, pp.interest::float8 AS interest,
  pp.total::float8 AS total,
  pp.currency, pp.provider_ref, pp.return_url, pp.settled`;

async function insertPlan(tx: Queryable, payment: PaymentRow, plan: PlanChoice): Promise<void> {
  if (
    payment.currency !== plan.currency ||
    payment.amount < plan.minAmount ||
    (plan.maxAmount !== null && payment.amount > plan.maxAmount)
  ) {
    throw new PlanAmountError(payment.amount, plan);
  }
  const s = instalmentSchedule(payment.amount, plan.months, plan.monthlyRateBp);
  await tx.query(
    `INSERT INTO payment_plans (payment_id, kind, plan_id, bank, card_kind, months, monthly_rate_bp, monthly_amount,
       last_amount, interest, total, currency, return_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      payment.id,
      plan.kind,
      plan.planId,
      plan.bank,
      plan.cardKind,
      s.months,
      plan.monthlyRateBp,
      s.monthly,
      s.last,
      s.interest,
      s.total,
      payment.currency,
      plan.returnUrl ?? null,
    ],
  );
}

/** A payment with its plan and the order's owner, for callbacks that come without the shopper's session. */
export type PlannedPayment = PaymentPlanRow & {
  state: PaymentRow['state'];
  order_id: string;
  user_id: number;
  url_local: string;
  amount: number;
};

/**
 * The plans recorded with payments: read back for the result pages and the pay-later callback (whose outcome the
 * reconciliation records, once however many callbacks arrive).
 */
export function paymentPlansRepository(db: Database) {
  const planned = async (where: string, params: unknown[]) =>
    (
      await db.query<PlannedPayment>(
        `SELECT ${PLAN_COLUMNS}, p.state, p.order_id::text AS order_id, p.amount::float8 AS amount, o.user_id,
           o.url_local
       FROM payment_plans pp JOIN payments p ON p.id = pp.payment_id JOIN orders o ON o.id = p.order_id WHERE ${where}`,
        params,
      )
    )[0] ?? null;

  return {
    /** A payment of the user with its plan, or null (another user's payment is not found). */
    async ofUser(userId: number, paymentId: string): Promise<PlannedPayment | null> {
      if (!/^\d{1,18}$/.test(paymentId)) return null;
      return planned(`pp.payment_id = $1 AND o.user_id = $2`, [paymentId, userId]);
    },

    /** The latest planned payment of an order of the user. */
    async latestOfOrder(userId: number, orderId: string): Promise<PlannedPayment | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      return planned(`p.order_id = $1 AND o.user_id = $2 ORDER BY p.id DESC LIMIT 1`, [orderId, userId]);
    },

    /** The payment a provider's session belongs to. */
    async byProviderRef(ref: string): Promise<PlannedPayment | null> {
      return planned(`pp.provider_ref = $1`, [ref]);
    },

    /** Whole days since the user's account was made (a pay-later provider's rule). */
    async accountAgeDays(userId: number): Promise<number> {
      const row = (
        await db.query<{ days: number }>(
          `SELECT floor(extract(epoch FROM now() - created_at) / 86400)::int AS days FROM users WHERE id = $1`,
          [userId],
        )
      )[0];
      return row?.days ?? 0;
    },

    /** Links the provider's session to the payment (once); false when the payment is no longer in flight. */
    async attachProviderRef(paymentId: string, ref: string): Promise<boolean> {
      await db.query(
        `UPDATE payment_plans SET provider_ref = $2 WHERE payment_id = $1 AND (provider_ref IS NULL
           OR provider_ref = $2)`,
        [paymentId, ref],
      );
      const rows = await db.query(
        `UPDATE payments SET provider_ref = coalesce(provider_ref, $2), updated_at = now()
         WHERE id = $1 AND state = 'pending' RETURNING id`,
        [paymentId, ref],
      );
      return rows.length > 0;
    },
  };
}

export type PaymentPlansRepository = ReturnType<typeof paymentPlansRepository>;

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
