import type { Database, Queryable } from '../db/types';
import type { POINTS_REASONS } from '../schemas/promotions';

/** The joining gift of a new account: enough for one use of points at checkout (id minimum 5000). */
export const WELCOME_POINTS = 5000;

export interface PointsEntry {
  id: string;
  delta: number;
  /**
   * clawback: points earned on an order cancelled after payment, taken back; birthday: the Mi Club's gift; friend: a
   * friend-code reward.
   */
  reason: (typeof POINTS_REASONS)[number];
  order_id: string | null;
  created_at: Date;
}

/**
 * The Mi Points ledger. Redeeming is part of the order's transaction (under the user's placement lock, so two
 * orders never spend the same points); earning is part of the payment's; a cancelled unpaid order gives its points
 * back. One earning and one redemption per order (unique index), whatever the retries.
 */
export function pointsRepository(db: Database) {
  return {
    async balance(q: Queryable, userId: number, local: string): Promise<number> {
      return (
        await q.query<{ n: number }>(
          `SELECT coalesce(sum(delta), 0)::int AS n FROM points_ledger WHERE user_id = $1 AND local = $2`,
          [userId, local],
        )
      )[0]!.n;
    },

    /**
     * Points ever earned on paid orders in a country (spending does not lower it, an order cancelled after payment
     * does): the Mi Club level follows it.
     */
    async earned(userId: number, local: string): Promise<number> {
      return this.earnedIn(db, userId, local);
    },

    /** `earned`, read in the caller's transaction (checkout reads the member's level with the order). */
    async earnedIn(q: Queryable, userId: number, local: string): Promise<number> {
      return (
        await q.query<{ n: number }>(
          `SELECT coalesce(sum(delta), 0)::int AS n FROM points_ledger
           WHERE user_id = $1 AND local = $2 AND reason = 'earn'
             AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = points_ledger.order_id AND o.state = 'cancelled')`,
          [userId, local],
        )
      )[0]!.n;
    },

    async history(userId: number, local: string, limit = 50): Promise<PointsEntry[]> {
      return db.query<PointsEntry>(
        // By the ledger's number, not the text the id is answered as ('99' would come before '100').
        `SELECT id::text AS id, delta, reason, order_id::text AS order_id, created_at FROM points_ledger
         WHERE user_id = $1 AND local = $2 ORDER BY points_ledger.id DESC LIMIT $3`,
        [userId, local, limit],
      );
    },

    async redeemIn(tx: Queryable, userId: number, local: string, orderId: string, points: number): Promise<void> {
      await tx.query(
        `INSERT INTO points_ledger (user_id, local, delta, reason, order_id) VALUES ($1, $2, $3, 'redeem', $4)`,
        [userId, local, -points, orderId],
      );
    },

    async earnIn(tx: Queryable, userId: number, local: string, orderId: string, points: number): Promise<void> {
      if (points <= 0) return;
      await tx.query(
        `INSERT INTO points_ledger (user_id, local, delta, reason, order_id) VALUES ($1, $2, $3, 'earn', $4)
         ON CONFLICT DO NOTHING`,
        [userId, local, points, orderId],
      );
    },

    /** A cancelled unpaid order: what it redeemed comes back (a paid order's redeemed points are not refundable). */
    async returnIn(tx: Queryable, orderId: string): Promise<void> {
      await tx.query(
        `INSERT INTO points_ledger (user_id, local, delta, reason, order_id)
         SELECT user_id, local, -delta, 'return', order_id FROM points_ledger WHERE order_id = $1 AND reason = 'redeem'
         ON CONFLICT DO NOTHING`,
        [orderId],
      );
    },

    /**
     * An order cancelled after payment takes back the points it earned, in the caller's transaction (which holds the
     * user's placement lock, so no checkout spends them meanwhile): as many as the balance still holds, never below
     * zero; once per order. Returns what was earned, taken back, and could not be taken back (already spent).
     */
    async takeBackEarnedIn(
      tx: Queryable,
      orderId: string,
    ): Promise<{ earned: number; takenBack: number; notTakenBack: number }> {
      const earn = (
        await tx.query<{ user_id: number; local: string; delta: number; balance: number; done: boolean }>(
          `SELECT e.user_id, e.local, e.delta,
             (SELECT coalesce(sum(b.delta), 0)::int FROM points_ledger b WHERE b.user_id = e.user_id
               AND b.local = e.local) AS balance,
             EXISTS (SELECT 1 FROM points_ledger c WHERE c.order_id = e.order_id AND c.reason = 'clawback') AS done
           FROM points_ledger e WHERE e.order_id = $1 AND e.reason = 'earn'`,
          [orderId],
        )
      )[0];
      if (!earn || earn.done) return { earned: earn?.delta ?? 0, takenBack: 0, notTakenBack: 0 };
      const take = Math.max(0, Math.min(earn.delta, earn.balance));
      if (take > 0)
        await tx.query(
          `INSERT INTO points_ledger (user_id, local, delta, reason, order_id) VALUES ($1, $2, $3, 'clawback', $4)
           ON CONFLICT DO NOTHING`,
          [earn.user_id, earn.local, -take, orderId],
        );
      return { earned: earn.delta, takenBack: take, notTakenBack: earn.delta - take };
    },

    /** Points given by the store (the joining gift, support goodwill), in the caller's transaction. */
    async grantIn(q: Queryable, userId: number, local: string, points: number): Promise<void> {
      await q.query(`INSERT INTO points_ledger (user_id, local, delta, reason) VALUES ($1, $2, $3, 'welcome')`, [
        userId,
        local,
        points,
      ]);
    },

    /** A friend's reward for a new shopper who joined with their code, in the caller's transaction. */
    async friendRewardIn(q: Queryable, userId: number, local: string, points: number): Promise<void> {
      await q.query(`INSERT INTO points_ledger (user_id, local, delta, reason) VALUES ($1, $2, $3, 'friend')`, [
        userId,
        local,
        points,
      ]);
    },

    async grant(userId: number, local: string, points: number): Promise<void> {
      await this.grantIn(db, userId, local, points);
    },

    /**
     * The Mi Club's birthday points, in the caller's transaction (the one that records the year's grant, so the
     * points exist exactly when the grant does).
     */
    async birthdayIn(q: Queryable, userId: number, local: string, points: number): Promise<void> {
      await q.query(`INSERT INTO points_ledger (user_id, local, delta, reason) VALUES ($1, $2, $3, 'birthday')`, [
        userId,
        local,
        points,
      ]);
    },
  };
}

export type PointsRepository = ReturnType<typeof pointsRepository>;
