import type { Database, Queryable } from '../db/types';
import { REFUND_DAYS } from '../orders/presale';

/** Why money goes back. */
export type RefundReason =
  /** A charge that arrived after its order was closed (cancelled, or its payment window over). */
  | 'order_closed'
  /** A second charge for an order another payment had already paid. */
  | 'duplicate'
  /** Parts of a split payment paid before the order was cancelled. */
  | 'split_parts_paid'
  /** A pre-order whose final payment was missed: its deposit. */
  | 'presale_lapsed';

export interface RefundRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  /**
   * pending: owed; succeeded: the provider paid it back; failed: the provider refused (staff take over); done: paid
   * back by staff.
   */
  state: 'pending' | 'succeeded' | 'failed' | 'done';
  provider: string | null;
  provider_ref: string | null;
  refund_ref: string | null;
  failure_code: string | null;
  attempts: number;
  due_by: Date;
  refunded_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id::text AS id, order_id::text AS order_id, amount::float8 AS amount, currency, reason, state,
  provider, provider_ref, refund_ref,
  failure_code, attempts, due_by, refunded_at, created_at`;

/** A charge the provider made that goes back through the same provider. */
export interface ChargeToReverse {
  orderId: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  provider: string;
  providerRef: string;
  /** The charge is a whole-order payment, or a part of a split payment. */
  source: { paymentId: string } | { splitPartId: string };
}

/**
 * What staff may do with a refund. Mark it paid back by hand: one the provider refused, or one no provider pays (a
 * bank transfer, a deposit paid otherwise) while it is owed. Send it to the provider again: one the provider
 * refused. The SQL conditions below are the same rules, so the buttons staff see and the writes agree.
 */
export const staffRefundActions = (r: Pick<RefundRow, 'state' | 'provider'>) => ({
  done: r.state === 'failed' || (r.state === 'pending' && r.provider === null),
  retry: r.state === 'failed' && r.provider !== null,
});
const MARKABLE_DONE = `(state = 'failed' OR (state = 'pending' AND provider IS NULL))`;
const RETRYABLE = `(state = 'failed' AND provider IS NOT NULL)`;
/** A refund of an order of one country: staff act on their storefront's orders only. */
const OF_COUNTRY = `order_id IN (SELECT id FROM orders WHERE local = $2)`;
const isId = (id: string) => /^\d{1,18}$/.test(id);

/**
 * Tries of a provider's refund call that fails outright (the wait before the next doubles from 30 s to an hour); then
 * staff take over.
 */
export const REFUND_ATTEMPTS = 8;

/**
 * Refunds: what the store owes back on an order. One refund per charge the provider pays back (written in the
 * transaction that learns the charge cannot stand), paid by the refund job through the provider; others (bank
 * transfers, deposits) are paid back by staff.
 */
export function refundsRepository(db: Database) {
  return {
    /** The refunds of an order, oldest first. */
    async ofOrder(orderId: string): Promise<RefundRow[]> {
      return db.query<RefundRow>(`SELECT ${COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at, id`, [
        orderId,
      ]);
    },

    /**
     * Claims up to `limit` refunds due to the provider for one try: each claim moves the row's next try into the
     * future first, so two processes never call the provider for the same refund at once (and the provider's
     * refund reference makes a repeated call harmless anyway).
     */
    async claimDue(limit = 20): Promise<RefundRow[]> {
      return db.query<RefundRow>(
        `UPDATE refunds SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => least(3600,
           30 * power(2, attempts))), updated_at = now()
         WHERE id IN (SELECT id FROM refunds WHERE state = 'pending' AND provider IS NOT NULL
           AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING ${COLUMNS}`,
        [limit],
      );
    },

    /**
     * The provider paid it back: recorded once, with the provider's refund id. Returns the row when this call recorded
     * it.
     */
    async succeeded(q: Queryable, id: string, refundRef: string): Promise<RefundRow | null> {
      return (
        (
          await q.query<RefundRow>(
            `UPDATE refunds SET state = 'succeeded', refund_ref = $2, refunded_at = now(), failure_code = NULL,
               updated_at = now() WHERE id = $1 AND state = 'pending' RETURNING ${COLUMNS}`,
            [id, refundRef],
          )
        )[0] ?? null
      );
    },

    /** The provider refused for good, or every try failed: staff see it as failed and pay it back themselves. */
    async failed(id: string, code: string): Promise<void> {
      await db.query(
        `UPDATE refunds SET state = 'failed', failure_code = $2, updated_at = now()
         WHERE id = $1 AND state = 'pending'`,
        [id, code],
      );
    },

    /** A try failed outright (the provider did not answer): noted; the claim already set the next try. */
    async tryFailed(id: string, code: string): Promise<void> {
      await db.query(`UPDATE refunds SET failure_code = $2, updated_at = now() WHERE id = $1 AND state = 'pending'`, [
        id,
        code,
      ]);
    },

    /** One refund of an order of the country `local`, or null. */
    async get(id: string, local: string): Promise<RefundRow | null> {
      if (!isId(id)) return null;
      return (
        (await db.query<RefundRow>(`SELECT ${COLUMNS} FROM refunds WHERE id = $1 AND ${OF_COUNTRY}`, [id, local]))[0] ??
        null
      );
    },

    /**
     * Staff paid it back by hand (staffRefundActions: done), in the caller's transaction. One conditional update, so
     * parallel clicks record it once: the row when this call recorded it, else null.
     */
    async markDone(q: Queryable, id: string, local: string): Promise<RefundRow | null> {
      if (!isId(id)) return null;
      return (
        (
          await q.query<RefundRow>(
            `UPDATE refunds SET state = 'done', refunded_at = now(), updated_at = now()
             WHERE id = $1 AND ${OF_COUNTRY} AND ${MARKABLE_DONE} RETURNING ${COLUMNS}`,
            [id, local],
          )
        )[0] ?? null
      );
    },

    /**
     * A refund the provider refused goes back to the refund job (staffRefundActions: retry) with its tries counted
     * afresh and due now; the provider's refund reference is the same, so it can never pay twice. Null when it was
     * not refused (any more).
     */
    async retry(id: string, local: string): Promise<RefundRow | null> {
      if (!isId(id)) return null;
      return (
        (
          await db.query<RefundRow>(
            `UPDATE refunds SET state = 'pending', attempts = 0, failure_code = NULL, next_attempt_at = now(),
               updated_at = now()
         WHERE id = $1 AND ${OF_COUNTRY} AND ${RETRYABLE} RETURNING ${COLUMNS}`,
            [id, local],
          )
        )[0] ?? null
      );
    },
  };
}

/**
 * Owes a charge back through its provider, in the caller's transaction; a second call for the same charge changes
 * nothing.
 */
export async function owePaymentBackIn(tx: Queryable, charge: ChargeToReverse): Promise<void> {
  await tx.query(
    `INSERT INTO refunds (order_id, amount, currency, reason, due_by, provider, provider_ref, payment_id, split_part_id)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5), $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
    [
      charge.orderId,
      charge.amount,
      charge.currency,
      charge.reason,
      REFUND_DAYS,
      charge.provider,
      charge.providerRef,
      'paymentId' in charge.source ? charge.source.paymentId : null,
      'splitPartId' in charge.source ? charge.source.splitPartId : null,
    ],
  );
}

/**
 * Owes money back that staff pay by hand (a bank transfer, a lapsed deposit), in the caller's transaction, within the
 * refund promise; a second call for the same order and reason changes nothing.
 */
export async function oweRefundIn(
  tx: Queryable,
  refund: { orderId: string; amount: number; currency: string; reason: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO refunds (order_id, amount, currency, reason, due_by)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5)) ON CONFLICT DO NOTHING`,
    [refund.orderId, refund.amount, refund.currency, refund.reason, REFUND_DAYS],
  );
}

export type RefundsRepository = ReturnType<typeof refundsRepository>;
