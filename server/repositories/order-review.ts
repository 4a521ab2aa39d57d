import type { Database, Queryable } from '../db/types';
import type { ReviewReason } from '../schemas/review';
import type { OrderState } from '../schemas/order';

/**
 * A delivery address as one comparable text: street, house number, building, postal code and city, lower-cased
 * without blanks and punctuation, so "Jl. Sudirman 5" and "jl sudirman  5" are one address. The recipient and phone
 * are left out on purpose: different names at one door is what the rule looks for. Characters outside ASCII are kept
 * as they are (the database's character classes may not know them). `a` is SQL of a jsonb address as orders keep it;
 * the friend codes' one reward per delivery address compares the same text.
 */
export const addressKey = (a: string) =>
  `regexp_replace(lower(concat_ws('|', ${a}->>'street', ${a}->>'houseNumber', ${a}->>'building',
     ${a}->>'postalCode', ${a}->>'city')), '[[:space:][:punct:]]', '', 'g')`;

/** An order in review as the staff console lists it. */
export interface ReviewOrderRow {
  order_id: string;
  email: string;
  placed_at: Date;
  total: number;
  currency: string;
  items: number;
  reasons: ReviewReason[];
  city: string;
}

/** The order a staff decision is about, locked. */
export interface DecisionRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  state: OrderState;
  total: number;
  gift_card_amount: number;
  currency: string;
}

/**
 * Orders in review: what the risk rules count when an order is placed, the review columns of an order (its state
 * between in_review and unpaid, review_reasons) and the staff console's list. Cancelling a rejected order is the
 * cancel path's (orders/cancel-order.ts); the `…In` functions run in the caller's transaction.
 */
export function orderReviewRepository(db: Database) {
  return {
    /**
     * What the velocity and new-account rules count for a new order, under a lock on its delivery address so two
     * accounts ordering to one address at once are counted one after the other.
     */
    async factsIn(
      tx: Queryable,
      input: { userId: number; local: string; address: Record<string, string>; windowMinutes: number },
    ): Promise<{ accountOrders: number; addressOrders: number; accountAgeDays: number }> {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('order-address'), hashtext(${addressKey('$1::jsonb')}))`, [
        JSON.stringify(input.address),
      ]);
      const row = (
        await tx.query<{ account_orders: number; address_orders: number; age_days: number }>(
          `SELECT
             (SELECT count(*)::int FROM orders WHERE user_id = $2
                AND created_at > now() - make_interval(mins => $4)) AS account_orders,
             (SELECT count(*)::int FROM orders WHERE local = $3 AND user_id <> $2
                AND created_at > now() - make_interval(mins => $4)
                AND ${addressKey('address')} = ${addressKey('$1::jsonb')}) AS address_orders,
             (SELECT extract(epoch FROM now() - created_at)::float8 / 86400 FROM users WHERE id = $2) AS age_days`,
          [JSON.stringify(input.address), input.userId, input.local, input.windowMinutes],
        )
      )[0]!;
      return { accountOrders: row.account_orders, addressOrders: row.address_orders, accountAgeDays: row.age_days };
    },

    /** The user's order in review, if any (at most one: orders_one_in_review_idx). */
    async inReviewIn(q: Queryable, userId: number): Promise<{ id: string } | null> {
      return (
        (
          await q.query<{ id: string }>(
            `SELECT id::text AS id FROM orders WHERE user_id = $1 AND state = 'in_review'`,
            [userId],
          )
        )[0] ?? null
      );
    },

    /** Puts a just-written unpaid order in review with the rules that fired. */
    async holdIn(tx: Queryable, orderId: string, reasons: readonly ReviewReason[]): Promise<void> {
      await tx.query(
        `UPDATE orders SET state = 'in_review', review_reasons = $2::text[] WHERE id = $1 AND state = 'unpaid'`,
        [orderId, reasons],
      );
    },

    /** The owner of an order of this country, or null (a malformed id, or another storefront's order). */
    async ownerOf(orderId: string, local: string): Promise<number | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      const rows = await db.query<{ user_id: number }>(`SELECT user_id FROM orders WHERE id = $1 AND local = $2`, [
        orderId,
        local,
      ]);
      return rows[0]?.user_id ?? null;
    },

    /** Locks the order a decision is about; null when it is not this country's. */
    async lockForDecisionIn(tx: Queryable, orderId: string, local: string): Promise<DecisionRow | null> {
      return (
        (
          await tx.query<DecisionRow>(
            `SELECT id::text AS id, user_id, local, url_local, state, total::float8 AS total,
               gift_card_amount::float8 AS gift_card_amount, currency
             FROM orders WHERE id = $1 AND local = $2 FOR UPDATE`,
            [orderId, local],
          )
        )[0] ?? null
      );
    },

    /** Whether the user has an unpaid order (which a cleared one would collide with: one unpaid order per user). */
    async hasUnpaidIn(tx: Queryable, userId: number): Promise<boolean> {
      return (await tx.query(`SELECT 1 FROM orders WHERE user_id = $1 AND state = 'unpaid'`, [userId])).length > 0;
    },

    /**
     * Clears an order in review: it becomes unpaid with a whole payment window from now (the window did not run while
     * staff looked at it). Returns the new deadline, or null when it was no longer in review.
     */
    async clearIn(tx: Queryable, orderId: string, windowMinutes: number): Promise<Date | null> {
      const rows = await tx.query<{ pay_before: Date }>(
        `UPDATE orders SET state = 'unpaid', pay_before = now() + make_interval(mins => $2)
         WHERE id = $1 AND state = 'in_review' RETURNING pay_before`,
        [orderId, windowMinutes],
      );
      return rows[0]?.pay_before ?? null;
    },

    /** The orders in review of a country, the one waiting longest first. */
    async list(local: string, limit = 100): Promise<ReviewOrderRow[]> {
      return db.query<ReviewOrderRow>(
        `SELECT o.id::text AS order_id, u.email, o.created_at AS placed_at, o.total::float8 AS total, o.currency,
           (SELECT coalesce(sum(quantity), 0)::int FROM order_lines l WHERE l.order_id = o.id) AS items,
           o.review_reasons AS reasons, coalesce(o.address->>'city', '') AS city
         FROM orders o JOIN users u ON u.id = o.user_id
         WHERE o.local = $1 AND o.state = 'in_review'
         ORDER BY o.created_at, o.id LIMIT $2`,
        [local, limit],
      );
    },
  };
}

export type OrderReviewRepository = ReturnType<typeof orderReviewRepository>;
