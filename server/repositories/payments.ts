import type { Database, Queryable } from '../db/types';
import type { ChargeOutcome, DeclineCode } from '../payments/provider';
import type { OrderRow } from './orders';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { pointsRepository } from './points';
import { pointsEarned, pointsRules } from '../orders/points';
import { commerceRules } from '../../sites/commerce';

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

export type StartResult = { ok: true; payment: PaymentRow; order: OrderRow } | { ok: false; reason: 'not_found' | 'not_payable' | 'expired' | 'in_progress' };

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
    async start(userId: number, orderId: string, provider: string, method: string, saveCard: boolean): Promise<StartResult> {
      if (!/^\d{1,18}$/.test(orderId)) return { ok: false, reason: 'not_found' };
      return db.transaction(async (tx) => {
        const order = (await tx.query<OrderRow & { due: boolean }>(
          `SELECT id::text AS id, state, currency, total::float8 AS total, pay_before <= now() AS due FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE`,
          [orderId, userId],
        ))[0];
        if (!order) return { ok: false, reason: 'not_found' } as const;
        if (order.state !== 'unpaid') return { ok: false, reason: 'not_payable' } as const;
        if (order.due) return { ok: false, reason: 'expired' } as const;
        const busy = await tx.query(`SELECT 1 FROM payments WHERE order_id = $1 AND state = 'pending' AND created_at > now() - interval '2 minutes'`, [orderId]);
        if (busy.length > 0) return { ok: false, reason: 'in_progress' } as const;
        // A password never typed is abandoned when the shopper tries again (with this card or another).
        await tx.query(`UPDATE payments SET state = 'failed', failure_code = 'abandoned', updated_at = now() WHERE order_id = $1 AND state IN ('otp_required', 'pending')`, [orderId]);
        const payment = (await tx.query<PaymentRow>(
          `INSERT INTO payments (order_id, provider, method, state, amount, currency, save_card) VALUES ($1, $2, $3, 'pending', $4, $5, $6) RETURNING ${PAYMENT_COLUMNS}`,
          [orderId, provider, method, order.total, order.currency, saveCard],
        ))[0]!;
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

    async record(userId: number, paymentId: string, outcome: ChargeOutcome, receipt: (order: OrderRow) => OutgoingMail): Promise<RecordResult> {
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
        const paid = (await tx.query<OrderRow>(`UPDATE orders SET state = 'paid', paid_at = now() WHERE id = $1 RETURNING id::text AS id, user_id, url_local, local, currency, total::float8 AS total, paid_at`, [order.id]))[0]!;
        await removeBoughtFromCart(tx, userId, order.id);
        // §9 Mi Points earned on what was paid (rules per country).
        await pointsRepository(db).earnIn(tx, userId, order.local, order.id, pointsEarned(pointsRules(order.local, commerceRules(order.local)), paid.total));
        let cardSaved = false;
        if (payment.save_card && outcome.token) cardSaved = await saveCard(tx, userId, payment.provider, outcome);
        await mailOutbox.enqueue(tx, { ...receipt(paid), dedupeKey: `payment-receipt:${order.id}` });
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

/** After payment the cart keeps only what was not bought (issue 8). */
async function removeBoughtFromCart(tx: Queryable, userId: number, orderId: string): Promise<void> {
  const cart = (await tx.query<{ id: string }>(`SELECT id FROM carts WHERE user_id = $1 FOR UPDATE`, [userId]))[0];
  if (!cart) return;
  const lines = await tx.query<{ commodity_id: string; quantity: number }>(`SELECT commodity_id, quantity FROM order_lines WHERE order_id = $1`, [orderId]);
  for (const line of lines) {
    await tx.query(`DELETE FROM cart_items WHERE cart_id = $1 AND commodity_id = $2 AND quantity <= $3`, [cart.id, line.commodity_id, line.quantity]);
    await tx.query(`UPDATE cart_items SET quantity = quantity - $3 WHERE cart_id = $1 AND commodity_id = $2 AND quantity > $3`, [cart.id, line.commodity_id, line.quantity]);
  }
  await tx.query(`UPDATE carts SET updated_at = now() WHERE id = $1`, [cart.id]);
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
