import type { Database, Queryable } from '../db/types';
import type { ChargeOutcome } from '../payments/provider';
import type { OrderRow } from './orders';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { markPaidIn } from '../orders/paid';
import { paidEffects } from './payments';
import { owePaymentBackIn } from './refunds';
import { orderStepIn } from '../orders/order-steps';

/**
 * An order being paid in parts stays open this many days after its latest part (a transfer takes a few working days).
 */
export const SPLIT_PAYMENT_DAYS = 5;

export interface SplitPartRow {
  id: string;
  order_id: string;
  method: 'card' | 'bank_transfer';
  /** reversed: the card was charged after the order could no longer take it; a refund gives it back. */
  state: 'pending' | 'succeeded' | 'failed' | 'reversed';
  amount: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
  failure_code: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a part row, of the table itself or of its alias `s` in a join. */
const partColumns = (s = '') =>
  `${s}id::text AS id, ${s}order_id::text AS order_id, ${s}method, ${s}state, ${s}amount::float8 AS amount,
   ${s}currency, ${s}card_brand, ${s}card_last4, ${s}failure_code, ${s}created_at, ${s}updated_at`;
const PART_COLUMNS = partColumns();

/** The reference the card gateway knows a card part by. */
export const splitPartReference = (partId: string) => `split_${partId}`;

/** A card part in flight, with what the reconciliation needs to ask the gateway and write the receipt. */
export interface SplitPartInFlight extends SplitPartRow {
  user_id: number;
  url_local: string;
  email: string;
}

/** An order as a split payment sees it: what is due (the total less gift cards) and its parts. */
export interface SplitOrder {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  flow: 'consumer' | 'company';
  state: OrderRow['state'];
  currency: string;
  due: number;
  pay_before: Date;
}

const SPLIT_ORDER_COLUMNS = `id::text AS id, user_id, local, url_local, flow, state, currency,
                             (total - gift_card_amount)::float8 AS due, pay_before`;

export type ReserveResult =
  | { ok: true; part: SplitPartRow; order: SplitOrder }
  | { ok: false; reason: 'not_found' | 'not_company' | 'not_payable' | 'expired' | 'in_progress' }
  | { ok: false; reason: 'over_remaining'; remaining: number };

export type SettleResult =
  | { state: 'succeeded'; orderId: string; paid: boolean; remaining: number }
  | { state: 'failed'; orderId: string; code: string };

/** Sums of an order's parts: what is paid, and what pending parts hold. */
async function sums(q: Queryable, orderId: string): Promise<{ paid: number; held: number }> {
  const row = (
    await q.query<{ paid: number; held: number }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE state = 'succeeded'), 0)::float8 AS paid,
         coalesce(sum(amount) FILTER (WHERE state = 'pending'), 0)::float8 AS held
     FROM split_payment_parts WHERE order_id = $1`,
      [orderId],
    )
  )[0]!;
  return row;
}

/**
 * Split payments (the split-payment threshold): a company order paid in several parts, by cards and bank transfers. A
 * part is reserved under the order's row lock before the gateway is asked, so parallel parts never add up to more than
 * the amount due; a declined part frees its amount. When the succeeded parts reach the amount due exactly, one 'split'
 * payment is written and the order is paid, in the same transaction as the last part.
 */
/** A paid part of a split payment, as a cancellation gives it back. */
export interface PaidSplitPart {
  id: string;
  method: 'card' | 'bank_transfer';
  amount: number;
  currency: string;
  provider: string | null;
  provider_ref: string | null;
}

/** Whether a card part of the order is with its gateway (its order must stay open until it is settled). */
export async function cardPartInFlightIn(tx: Queryable, orderId: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM split_payment_parts WHERE order_id = $1 AND state = 'pending' AND method = 'card' LIMIT 1`,
    [orderId],
  );
  return rows.length > 0;
}

/** A cancelled order's split payment: announced transfers that never arrived stop; returns the parts paid. */
export async function closePartsIn(tx: Queryable, orderId: string): Promise<PaidSplitPart[]> {
  await tx.query(
    `UPDATE split_payment_parts SET state = 'failed', failure_code = 'order_closed', updated_at = now()
     WHERE order_id = $1 AND state = 'pending'`,
    [orderId],
  );
  return tx.query<PaidSplitPart>(
    `SELECT id::text AS id, method, amount::float8 AS amount, currency, provider, provider_ref
     FROM split_payment_parts WHERE order_id = $1 AND state = 'succeeded' ORDER BY id`,
    [orderId],
  );
}

export function splitPaymentsRepository(db: Database) {
  async function orderOf(q: Queryable, userId: number, orderId: string, lock: boolean): Promise<SplitOrder | null> {
    if (!/^\d{1,18}$/.test(orderId)) return null;
    return (
      (
        await q.query<SplitOrder>(
          `SELECT ${SPLIT_ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`,
          [orderId, userId],
        )
      )[0] ?? null
    );
  }

  /** Marks a part succeeded and, when the parts cover the amount due, the order paid (with its receipt). */
  async function succeedIn(
    tx: Queryable,
    part: SplitPartRow,
    charge: { provider: string; ref: string; brand: string | null; last4: string | null } | null,
    receipt: (order: OrderRow) => OutgoingMail,
  ): Promise<SettleResult> {
    const ref = charge?.ref ?? `transfer_${part.id}`;
    const order = (
      await tx.query<SplitOrder>(`SELECT ${SPLIT_ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [part.order_id])
    )[0]!;
    if (order.state !== 'unpaid') {
      // Closed while the money moved: the card part goes back through the gateway (a transfer has no reference to
      // reverse).
      await tx.query(
        `UPDATE split_payment_parts SET state = 'reversed', failure_code = 'order_closed', provider_ref = $2,
           updated_at = now() WHERE id = $1`,
        [part.id, ref],
      );
      if (charge) {
        await owePaymentBackIn(tx, {
          orderId: order.id,
          amount: part.amount,
          currency: part.currency,
          reason: 'order_closed',
          provider: charge.provider,
          providerRef: charge.ref,
          source: { splitPartId: part.id },
        });
        await orderStepIn(
          tx,
          {
            id: order.id,
            user_id: order.user_id,
            url_local: order.url_local,
            total: part.amount,
            currency: part.currency,
          },
          'refund_due',
          { amount: part.amount },
        );
      }
      return { state: 'failed', orderId: order.id, code: 'order_closed' };
    }
    await tx.query(
      `UPDATE split_payment_parts SET state = 'succeeded', provider_ref = $2, card_brand = coalesce($3, card_brand),
         card_last4 = coalesce($4, card_last4), updated_at = now() WHERE id = $1`,
      [part.id, ref, charge?.brand ?? null, charge?.last4 ?? null],
    );
    const { paid } = await sums(tx, order.id);
    if (paid < order.due) return { state: 'succeeded', orderId: order.id, paid: false, remaining: order.due - paid };
    await tx.query(
      `INSERT INTO payments (order_id, provider, method, state, amount, currency)
       VALUES ($1, 'split', 'split', 'succeeded', $2, $3)`,
      [order.id, order.due, order.currency],
    );
    const done = await markPaidIn(tx, paidEffects(db), order.id);
    await mailOutbox.enqueue(tx, { ...receipt(done.order), dedupeKey: `payment-receipt:${order.id}` });
    return { state: 'succeeded', orderId: order.id, paid: true, remaining: 0 };
  }

  return {
    /** The user's order with its parts, or null (another user's order is not found). */
    async summary(
      userId: number,
      orderId: string,
    ): Promise<{ order: SplitOrder; parts: SplitPartRow[]; paid: number; held: number } | null> {
      const order = await orderOf(db, userId, orderId, false);
      if (!order) return null;
      const parts = await db.query<SplitPartRow>(
        `SELECT ${PART_COLUMNS} FROM split_payment_parts WHERE order_id = $1 ORDER BY id`,
        [orderId],
      );
      return { order, parts, ...(await sums(db, orderId)) };
    },

    /**
     * Reserves a part of `amount` (checked against what is left after paid and pending parts) before the money moves.
     */
    async reserve(
      userId: number,
      orderId: string,
      method: SplitPartRow['method'],
      amount: number,
      provider: string | null = null,
    ): Promise<ReserveResult> {
      return db.transaction(async (tx) => {
        const order = await orderOf(tx, userId, orderId, true);
        if (!order) return { ok: false, reason: 'not_found' } as const;
        if (order.flow !== 'company') return { ok: false, reason: 'not_company' } as const;
        if (order.state !== 'unpaid') return { ok: false, reason: 'not_payable' } as const;
        if (new Date(order.pay_before).getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
        // A whole-order payment under way (card, instalments) excludes parts, as parts exclude it (payments.start).
        const busy = await tx.query(
          `SELECT 1 FROM payments WHERE order_id = $1 AND state IN ('pending', 'otp_required')`,
          [orderId],
        );
        if (busy.length > 0) return { ok: false, reason: 'in_progress' } as const;
        const { paid, held } = await sums(tx, orderId);
        const remaining = order.due - paid - held;
        if (amount > remaining) return { ok: false, reason: 'over_remaining', remaining } as const;
        const part = (
          await tx.query<SplitPartRow>(
            `INSERT INTO split_payment_parts (order_id, method, state, amount, currency, provider)
             VALUES ($1, $2, 'pending', $3, $4, $5) RETURNING ${PART_COLUMNS}`,
            [orderId, method, amount, order.currency, provider],
          )
        )[0]!;
        // Paying in parts (bank transfers take days) keeps the order open for SPLIT_PAYMENT_DAYS from the latest part.
        await tx.query(
          `UPDATE orders SET pay_before = greatest(pay_before, now() + make_interval(days => $2)) WHERE id = $1`,
          [orderId, SPLIT_PAYMENT_DAYS],
        );
        return { ok: true, part, order } as const;
      });
    },

    /**
     * Records the gateway's answer for a card part, once: a settled part keeps its first outcome, so the route, the
     * reconciliation job and a cancellation may all record it. A card asking for a one-time password cannot pay a part.
     */
    async settleCard(
      partId: string,
      provider: string,
      outcome: ChargeOutcome | { status: 'not_sent' },
      receipt: (order: OrderRow) => OutgoingMail,
    ): Promise<SettleResult> {
      return db.transaction(async (tx) => {
        const orderId = (
          await tx.query<{ order_id: string }>(
            `SELECT order_id::text AS order_id FROM split_payment_parts WHERE id = $1`,
            [partId],
          )
        )[0]!.order_id;
        // The order first, then the part: the order every transaction on an order's money takes its locks in.
        await tx.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
        const part = (
          await tx.query<SplitPartRow>(`SELECT ${PART_COLUMNS} FROM split_payment_parts WHERE id = $1 FOR UPDATE`, [
            partId,
          ])
        )[0]!;
        const given = part.state !== 'pending';
        if (given && !(outcome.status === 'succeeded' && part.state === 'failed')) {
          return part.state === 'succeeded'
            ? { state: 'succeeded', orderId, paid: false, remaining: 0 }
            : { state: 'failed', orderId, code: part.failure_code ?? 'declined' };
        }
        if (outcome.status !== 'succeeded') {
          const code =
            outcome.status === 'declined'
              ? outcome.code
              : outcome.status === 'not_sent'
                ? 'not_sent'
                : 'otp_not_supported';
          await tx.query(
            `UPDATE split_payment_parts SET state = 'failed', failure_code = $2, updated_at = now() WHERE id = $1`,
            [partId, code],
          );
          return { state: 'failed', orderId, code };
        }
        return succeedIn(
          tx,
          part,
          { provider, ref: outcome.providerRef, brand: outcome.brand, last4: outcome.last4 },
          receipt,
        );
      });
    },

    /** Card parts in flight: those of one order, or every one not touched for `olderThanMs`. */
    async inFlight(filter: { orderId: string } | { olderThanMs: number; limit: number }): Promise<SplitPartInFlight[]> {
      const where =
        'orderId' in filter
          ? { sql: `s.order_id = $1 AND s.state = 'pending' AND s.method = 'card'`, params: [filter.orderId] }
          : {
              sql: `s.state = 'pending' AND s.method = 'card'
                    AND s.updated_at < now() - make_interval(secs => $1 / 1000.0) ORDER BY s.updated_at LIMIT $2`,
              params: [filter.olderThanMs, filter.limit],
            };
      return db.query<SplitPartInFlight>(
        `SELECT ${partColumns('s.')}, o.user_id, o.url_local, u.email
         FROM split_payment_parts s JOIN orders o ON o.id = s.order_id JOIN users u ON u.id = o.user_id
         WHERE ${where.sql}`,
        where.params,
      );
    },

    /** Operations confirm that a bank transfer part arrived (by its id); false when no such pending transfer exists. */
    async confirmTransfer(
      partId: string,
      receipt: (order: OrderRow, email: string) => OutgoingMail,
    ): Promise<SettleResult | null> {
      if (!/^\d{1,18}$/.test(partId)) return null;
      return db.transaction(async (tx) => {
        const orderId = (
          await tx.query<{ order_id: string }>(
            `SELECT order_id::text AS order_id FROM split_payment_parts WHERE id = $1`,
            [partId],
          )
        )[0]?.order_id;
        if (!orderId) return null;
        await tx.query(`SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
        const part = (
          await tx.query<SplitPartRow>(
            `SELECT ${PART_COLUMNS} FROM split_payment_parts
             WHERE id = $1 AND method = 'bank_transfer' AND state = 'pending' FOR UPDATE`,
            [partId],
          )
        )[0];
        if (!part) return null;
        const email =
          (
            await tx.query<{ email: string }>(
              `SELECT u.email FROM users u JOIN orders o ON o.user_id = u.id WHERE o.id = $1`,
              [part.order_id],
            )
          )[0]?.email ?? '';
        return succeedIn(tx, part, null, (order) => receipt(order, email));
      });
    },
  };
}

export type SplitPaymentsRepository = ReturnType<typeof splitPaymentsRepository>;
