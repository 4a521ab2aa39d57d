import type { Database, Queryable } from '../db/types';
import type { ChargeOutcome, DeclineCode } from '../payments/provider';
import type { OrderRow } from './orders';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { instalmentSchedule } from '../../region-config/instalments';
import { pointsRepository } from './points';
import { giftCardsRepository } from './gift-cards';
import { markPaidIn, type IssuedGiftCard, type PaidEffects } from '../orders/paid';
import { splitPaymentFromMinor } from '../../sites/business-pricing';

/** What a paid order sets off, with this database's repositories. */
export function paidEffects(db: Database): PaidEffects {
  const points = pointsRepository(db);
  const giftCards = giftCardsRepository(db);
  return { earnPoints: (tx, userId, local, orderId, n) => points.earnIn(tx, userId, local, orderId, n), issueGiftCards: (tx, order) => giftCards.issueIn(tx, order) };
}

/** §9: at most 5 saved cards per user. */
export const MAX_SAVED_CARDS = 5;

export interface PaymentRow {
  id: string;
  order_id: string;
  provider: string;
  method: string;
  state: 'pending' | 'otp_required' | 'succeeded' | 'failed';
  amount: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  provider_ref: string | null;
  failure_code: string | null;
  save_card: boolean;
  created_at: Date;
}

export interface SavedCardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  token: string;
}

const PAYMENT_COLUMNS = `id::text AS id, order_id::text AS order_id, provider, method, state, amount::float8 AS amount, currency, card_brand,
  card_last4, provider_ref, failure_code, save_card, created_at`;

export type StartResult = { ok: true; payment: PaymentRow; order: OrderRow } | { ok: false; reason: 'not_found' | 'not_payable' | 'expired' | 'in_progress' | 'split_required' };

/** What recording a gateway answer did, for the route to answer the shopper. */
export type RecordResult =
  | { state: 'succeeded'; orderId: string; cardSaved: boolean }
  | { state: 'otp_required'; orderId: string }
  | { state: 'failed'; orderId: string; code: DeclineCode | 'order_closed' };

/**
 * Payments of orders. A payment is created before the gateway is asked (its id is the gateway reference, so a
 * retry never charges twice), one at a time per order; the gateway's answer is recorded in one transaction with
 * the order's state, the cart clean-up, the saved card and the receipt mail. Only the server records outcomes.
 */
export function paymentsRepository(db: Database) {
  return {
    async start(userId: number, orderId: string, provider: string, method: string, saveCard: boolean, plan?: PlanChoice): Promise<StartResult> {
      if (!/^\d{1,18}$/.test(orderId)) return { ok: false, reason: 'not_found' };
      return db.transaction(async (tx) => {
        const order = (await tx.query<OrderRow & { due: boolean }>(
          `SELECT id::text AS id, state, currency, (total - gift_card_amount)::float8 AS total, pay_before <= now() AS due, flow, local FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE`,
          [orderId, userId],
        ))[0];
        if (!order) return { ok: false, reason: 'not_found' } as const;
        if (order.state !== 'unpaid') return { ok: false, reason: 'not_payable' } as const;
        if (order.due) return { ok: false, reason: 'expired' } as const;
        const busy = await tx.query(`SELECT 1 FROM payments WHERE order_id = $1 AND state = 'pending' AND created_at > now() - interval '2 minutes'`, [orderId]);
        if (busy.length > 0) return { ok: false, reason: 'in_progress' } as const;
        // §5: a company order over the split threshold, or one with split parts under way or paid, is paid in parts only.
        if (order.flow === 'company' && order.total > splitPaymentFromMinor(order.local)) return { ok: false, reason: 'split_required' } as const;
        if ((await tx.query(`SELECT 1 FROM split_payment_parts WHERE order_id = $1 AND state IN ('pending', 'succeeded')`, [orderId])).length > 0) return { ok: false, reason: 'split_required' } as const;
        // A password never typed is abandoned when the shopper tries again (with this card or another).
        await tx.query(`UPDATE payments SET state = 'failed', failure_code = 'abandoned', updated_at = now() WHERE order_id = $1 AND state IN ('otp_required', 'pending')`, [orderId]);
        const payment = (await tx.query<PaymentRow>(
          `INSERT INTO payments (order_id, provider, method, state, amount, currency, save_card) VALUES ($1, $2, $3, 'pending', $4, $5, $6) RETURNING ${PAYMENT_COLUMNS}`,
          [orderId, provider, method, order.total, order.currency, saveCard],
        ))[0]!;
        // The plan's figures follow the amount decided here; outside the plan's range nothing is written.
        if (plan) await insertPlan(tx, payment, plan);
        return { ok: true, payment, order } as const;
      });
    },

    /** A payment of the user waiting for its one-time password. */
    async awaitingOtp(userId: number, paymentId: string): Promise<PaymentRow | null> {
      if (!/^\d{1,18}$/.test(paymentId)) return null;
      const rows = await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 AND state = 'otp_required' AND order_id IN (SELECT id FROM orders WHERE user_id = $2)`,
        [paymentId, userId],
      );
      return rows[0] ?? null;
    },

    async record(userId: number, paymentId: string, outcome: ChargeOutcome, receipt: (order: OrderRow, giftCards: IssuedGiftCard[]) => OutgoingMail): Promise<RecordResult> {
      return db.transaction(async (tx) => {
        const payment = (await tx.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 FOR UPDATE`, [paymentId]))[0]!;
        const order = (await tx.query<OrderRow>(`SELECT id::text AS id, state, url_local, local FROM orders WHERE id = $1 FOR UPDATE`, [payment.order_id]))[0]!;
        if (outcome.status === 'declined') {
          await tx.query(`UPDATE payments SET state = 'failed', failure_code = $2, card_brand = coalesce($3, card_brand), card_last4 = coalesce($4, card_last4), updated_at = now() WHERE id = $1`, [
            paymentId, outcome.code, outcome.brand ?? null, outcome.last4 ?? null,
          ]);
          return { state: 'failed', orderId: order.id, code: outcome.code };
        }
        if (outcome.status === 'otp_required') {
          await tx.query(`UPDATE payments SET state = 'otp_required', provider_ref = $2, card_brand = $3, card_last4 = $4, updated_at = now() WHERE id = $1`, [
            paymentId, outcome.providerRef, outcome.brand, outcome.last4,
          ]);
          return { state: 'otp_required', orderId: order.id };
        }
        if (order.state !== 'unpaid') {
          // Cancelled while the bank answered: the charge stands in the gateway's books for a refund, the order stays closed.
          await tx.query(`UPDATE payments SET state = 'failed', failure_code = 'order_closed', provider_ref = $2, updated_at = now() WHERE id = $1`, [paymentId, outcome.providerRef]);
          return { state: 'failed', orderId: order.id, code: 'order_closed' };
        }
        await tx.query(`UPDATE payments SET state = 'succeeded', provider_ref = $2, card_brand = $3, card_last4 = $4, updated_at = now() WHERE id = $1`, [
          paymentId, outcome.providerRef, outcome.brand, outcome.last4,
        ]);
        const { order: paid, giftCards } = await markPaidIn(tx, paidEffects(db), order.id);
        let cardSaved = false;
        if (payment.save_card && outcome.token) cardSaved = await saveCard(tx, userId, payment.provider, outcome);
        await mailOutbox.enqueue(tx, { ...receipt(paid, giftCards), dedupeKey: `payment-receipt:${order.id}` });
        return { state: 'succeeded', orderId: order.id, cardSaved };
      });
    },

    async payments(orderId: string): Promise<PaymentRow[]> {
      return db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = $1 ORDER BY id`, [orderId]);
    },

    async savedCards(userId: number): Promise<SavedCardRow[]> {
      return db.query<SavedCardRow>(`SELECT id::text AS id, brand, last4, exp_month, exp_year, token FROM saved_cards WHERE user_id = $1 ORDER BY id`, [userId]);
    },

    async savedCard(userId: number, id: string): Promise<SavedCardRow | null> {
      if (!/^\d{1,18}$/.test(id)) return null;
      return (await db.query<SavedCardRow>(`SELECT id::text AS id, brand, last4, exp_month, exp_year, token FROM saved_cards WHERE id = $1 AND user_id = $2`, [id, userId]))[0] ?? null;
    },

    async deleteCard(userId: number, id: string): Promise<boolean> {
      if (!/^\d{1,18}$/.test(id)) return false;
      return (await db.query(`DELETE FROM saved_cards WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId])).length > 0;
    },
  };
}

/** §9 at most 5 cards: a sixth is not saved (the payment itself stands); the same card twice is kept once. */
async function saveCard(tx: Queryable, userId: number, provider: string, outcome: Extract<ChargeOutcome, { status: 'succeeded' }>): Promise<boolean> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('saved-cards'), $1::int)`, [userId]);
  const count = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_cards WHERE user_id = $1`, [userId]))[0]!.n;
  if (count >= MAX_SAVED_CARDS) return false;
  const rows = await tx.query(
    `INSERT INTO saved_cards (user_id, provider, token, brand, last4, exp_month, exp_year) VALUES ($1, $2, $3, $4, $5, $6, $7)
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
  constructor(readonly amount: number, readonly plan: PlanChoice) {
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

const PLAN_COLUMNS = `pp.payment_id::text AS payment_id, pp.kind, pp.plan_id, pp.bank, pp.card_kind, pp.months, pp.monthly_rate_bp,
  pp.monthly_amount::float8 AS monthly_amount, pp.last_amount::float8 AS last_amount, pp.interest::float8 AS interest, pp.total::float8 AS total,
  pp.currency, pp.provider_ref, pp.return_url, pp.settled`;

async function insertPlan(tx: Queryable, payment: PaymentRow, plan: PlanChoice): Promise<void> {
  if (payment.currency !== plan.currency || payment.amount < plan.minAmount || (plan.maxAmount !== null && payment.amount > plan.maxAmount)) {
    throw new PlanAmountError(payment.amount, plan);
  }
  const s = instalmentSchedule(payment.amount, plan.months, plan.monthlyRateBp);
  await tx.query(
    `INSERT INTO payment_plans (payment_id, kind, plan_id, bank, card_kind, months, monthly_rate_bp, monthly_amount, last_amount, interest, total, currency, return_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [payment.id, plan.kind, plan.planId, plan.bank, plan.cardKind, s.months, plan.monthlyRateBp, s.monthly, s.last, s.interest, s.total, payment.currency, plan.returnUrl ?? null],
  );
}

/** A payment with its plan and the order's owner, for callbacks that come without the shopper's session. */
export type PlannedPayment = PaymentPlanRow & { state: PaymentRow['state']; order_id: string; user_id: number; url_local: string; amount: number };

/**
 * The plans recorded with payments (issue 9 part 7): read back for the result pages, and the one-time settlement
 * of a pay-later session, so two callbacks (or a callback and the status check) never record an outcome twice.
 */
export function paymentPlansRepository(db: Database) {
  const planned = async (where: string, params: unknown[]) =>
    (await db.query<PlannedPayment>(
      `SELECT ${PLAN_COLUMNS}, p.state, p.order_id::text AS order_id, p.amount::float8 AS amount, o.user_id, o.url_local
       FROM payment_plans pp JOIN payments p ON p.id = pp.payment_id JOIN orders o ON o.id = p.order_id WHERE ${where}`,
      params,
    ))[0] ?? null;

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
      const row = (await db.query<{ days: number }>(`SELECT floor(extract(epoch FROM now() - created_at) / 86400)::int AS days FROM users WHERE id = $1`, [userId]))[0];
      return row?.days ?? 0;
    },

    /** Links the provider's session to the payment (once). */
    async attachProviderRef(paymentId: string, ref: string): Promise<void> {
      await db.query(`UPDATE payment_plans SET provider_ref = $2 WHERE payment_id = $1 AND (provider_ref IS NULL OR provider_ref = $2)`, [paymentId, ref]);
      await db.query(`UPDATE payments SET provider_ref = $2, updated_at = now() WHERE id = $1 AND provider_ref IS NULL`, [paymentId, ref]);
    },

    /**
     * Claims the right to record the provider's outcome of a still-pending payment: true for exactly one caller,
     * however many callbacks arrive at once.
     */
    async claimSettlement(paymentId: string, outcome: 'approved' | 'declined'): Promise<boolean> {
      const rows = await db.query(
        `UPDATE payment_plans SET settled = $2 WHERE payment_id = $1 AND settled IS NULL
           AND EXISTS (SELECT 1 FROM payments WHERE id = $1 AND state = 'pending') RETURNING payment_id`,
        [paymentId, outcome],
      );
      return rows.length > 0;
    },
  };
}

export type PaymentPlansRepository = ReturnType<typeof paymentPlansRepository>;

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
