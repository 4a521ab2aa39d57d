import type { Database, Queryable } from '../db/types';
import { REFUND_DAYS } from '../orders/presale';
import type { REFUND_REASONS } from '../schemas/order';
import type { OrderActor } from '../schemas/order-events';

/**
 * Why money goes back: a charge that arrived after its order was closed (order_closed), a second charge of a paid order
 * (duplicate), parts of a split payment paid before the order was cancelled (split_parts_paid), a missed pre-order's
 * deposit (presale_lapsed), a paid order cancelled before it shipped (cancelled), a return (return), a gesture of
 * staff (goodwill).
 */
export type RefundReason = (typeof REFUND_REASONS)[number];

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
  /** The gift card a gift-card part went back to. */
  gift_card_id: string | null;
  return_id: string | null;
  actor: string;
}

/** Where a refund goes, as the shopper is told: the card (its brand and last four digits), a gift card, a bank. */
export interface RefundDestination {
  kind: 'card' | 'pay_later' | 'gift_card' | 'bank';
  brand: string | null;
  last4: string | null;
}

/** The columns of a refund row, of the table itself or of its alias `r` in a join. */
const refundColumns = (r = '') =>
  `${r}id::text AS id, ${r}order_id::text AS order_id, ${r}amount::float8 AS amount, ${r}currency, ${r}reason,
   ${r}state, ${r}provider, ${r}provider_ref, ${r}refund_ref, ${r}failure_code, ${r}attempts, ${r}due_by,
   ${r}refunded_at, ${r}created_at, ${r}gift_card_id::text AS gift_card_id, ${r}return_id, ${r}actor`;
const COLUMNS = refundColumns();

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
    /** The refunds of an order, oldest first, with where each goes. */
    async ofOrder(orderId: string): Promise<RefundWithDestination[]> {
      return db.query<RefundWithDestination>(
        `SELECT ${refundColumns('r.')}, ${DESTINATION}
         FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
           LEFT JOIN split_payment_parts s ON s.id = r.split_part_id LEFT JOIN gift_cards g ON g.id = r.gift_card_id
         WHERE r.order_id = $1 ORDER BY r.created_at, r.id`,
        [orderId],
      );
    },

    /**
     * Staff's queue across the country's orders: refunds the provider refused (with why and how often it was tried)
     * and refunds only staff pay while they are owed, the earliest promised first.
     */
    async staffQueue(local: string, limit = 100): Promise<(RefundRow & { user_id: number; email: string })[]> {
      return db.query<RefundRow & { user_id: number; email: string }>(
        `SELECT ${refundColumns('r.')}, o.user_id, u.email
         FROM refunds r JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = o.user_id
         WHERE o.local = $1 AND (r.state = 'failed' OR (r.state = 'pending' AND r.provider IS NULL))
         ORDER BY r.due_by, r.id LIMIT $2`,
        [local, limit],
      );
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

    /**
     * The provider refused for good, or every try failed: staff see it as failed and retry it or pay it back
     * themselves. Returns the row when this call recorded it (the caller records the step in the same transaction).
     */
    async failed(q: Queryable, id: string, code: string): Promise<RefundRow | null> {
      return (
        (
          await q.query<RefundRow>(
            `UPDATE refunds SET state = 'failed', failure_code = $2, updated_at = now()
             WHERE id = $1 AND state = 'pending' RETURNING ${COLUMNS}`,
            [id, code],
          )
        )[0] ?? null
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

/**
 * Owes back, through the provider that holds it, money a bank transfer brought that the order did not take (more
 * than the amount, or a transfer after the virtual account closed), in the caller's transaction. It names no payment,
 * so it never counts against what the order itself may still refund.
 */
export async function oweTransferBackIn(
  tx: Queryable,
  refund: { orderId: string; amount: number; currency: string; provider: string; providerRef: string },
): Promise<string> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO refunds (order_id, amount, currency, reason, due_by, provider, provider_ref)
     VALUES ($1, $2, $3, 'unapplied_transfer', now() + make_interval(days => $4), $5, $6) RETURNING id::text AS id`,
    [refund.orderId, refund.amount, refund.currency, REFUND_DAYS, refund.provider, refund.providerRef],
  );
  return rows[0]!.id;
}

/** A refund as the shopper's order page reads it: with where the money goes. */
export type RefundWithDestination = RefundRow & {
  dest_kind: RefundDestination['kind'];
  dest_brand: string | null;
  dest_last4: string | null;
};

/** Where a refund goes, from the charge it reverses (`p` payment, `s` split part, `g` gift card of the refund `r`). */
const DESTINATION = `CASE WHEN r.gift_card_id IS NOT NULL THEN 'gift_card' WHEN p.method = 'bnpl' THEN 'pay_later'
    WHEN r.reason = 'unapplied_transfer' OR p.method = 'bank_va' THEN 'bank'
    WHEN r.provider IS NOT NULL OR coalesce(p.card_last4, s.card_last4) IS NOT NULL THEN 'card' ELSE 'bank' END
    AS dest_kind,
  coalesce(p.card_brand, s.card_brand) AS dest_brand,
  CASE WHEN r.gift_card_id IS NOT NULL THEN right(g.code, 4) ELSE coalesce(p.card_last4, s.card_last4) END
    AS dest_last4`;

/**
 * A source of the money that paid an order, with what it took and what was already owed back from it (every refund
 * row counts, whatever its state: a failed one is still owed, by staff).
 * provider: a charge a provider can pay back (a card, instalments, pay-later, a card part of a split payment);
 * transfer: money staff pay back (a bank-transfer part); gift_card: an amount taken from a gift card.
 */
export interface RefundSource {
  kind: 'provider' | 'transfer' | 'gift_card';
  /** The payment, split part or gift card id. */
  id: string;
  of: 'payment' | 'split_part' | 'gift_card';
  provider: string | null;
  provider_ref: string | null;
  paid: number;
  refunded: number;
}

/**
 * The sources of the money that paid an order, in the caller's transaction (which holds the order's row lock, so
 * the sums cannot move under it): its successful payment (none for one made of gift cards or of split parts, whose
 * parts count instead), its paid split parts, its gift-card amounts not given back.
 */
export async function refundSourcesIn(tx: Queryable, orderId: string): Promise<RefundSource[]> {
  return tx.query<RefundSource>(
    `SELECT CASE WHEN p.provider_ref IS NULL THEN 'transfer' ELSE 'provider' END AS kind, p.id::text AS id,
       'payment' AS of, p.provider, p.provider_ref, p.amount::float8 AS paid,
       coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.payment_id = p.id), 0)::float8 AS refunded
     FROM payments p WHERE p.order_id = $1 AND p.state = 'succeeded' AND p.provider NOT IN ('gift_card', 'split')
     UNION ALL
     SELECT CASE WHEN s.method = 'card' AND s.provider_ref IS NOT NULL THEN 'provider' ELSE 'transfer' END,
       s.id::text, 'split_part', CASE WHEN s.method = 'card' THEN s.provider END,
       CASE WHEN s.method = 'card' THEN s.provider_ref END, s.amount::float8,
       coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.split_part_id = s.id), 0)::float8
     FROM split_payment_parts s WHERE s.order_id = $1 AND s.state = 'succeeded'
     UNION ALL
     SELECT 'gift_card', u.gift_card_id::text, 'gift_card', NULL, NULL, u.amount::float8,
       coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = u.order_id
         AND r.gift_card_id = u.gift_card_id), 0)::float8
     FROM gift_card_uses u WHERE u.order_id = $1 AND u.returned_at IS NULL
     ORDER BY 1, 2`,
    [orderId],
  );
}

/** A refund part refundOrderIn owes from one source. */
export interface NewRefund {
  orderId: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  actor: OrderActor;
  returnId: string | null;
  source: RefundSource;
}

/**
 * Writes one refund part in the caller's transaction: one a provider pays (pending, the refund job pays it), one
 * staff pay (pending, no provider) or a gift-card part, already paid back (done: the caller credits the card in the
 * same transaction). Due within the refund promise.
 */
export async function insertRefundIn(tx: Queryable, r: NewRefund): Promise<RefundRow> {
  const { source } = r;
  return (
    await tx.query<RefundRow>(
      `INSERT INTO refunds (order_id, amount, currency, reason, due_by, provider, provider_ref, payment_id,
         split_part_id, gift_card_id, return_id, actor, state, refunded_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5), $6, $7, $8, $9, $10, $11, $12,
         CASE WHEN $10::bigint IS NULL THEN 'pending' ELSE 'done' END,
         CASE WHEN $10::bigint IS NULL THEN NULL ELSE now() END)
       RETURNING ${COLUMNS}`,
      [
        r.orderId,
        r.amount,
        r.currency,
        r.reason,
        REFUND_DAYS,
        source.kind === 'provider' ? source.provider : null,
        source.kind === 'provider' ? source.provider_ref : null,
        source.of === 'payment' ? source.id : null,
        source.of === 'split_part' ? source.id : null,
        source.of === 'gift_card' ? source.id : null,
        r.returnId,
        r.actor,
      ],
    )
  )[0]!;
}

export type RefundsRepository = ReturnType<typeof refundsRepository>;
