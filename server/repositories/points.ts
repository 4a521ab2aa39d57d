import type { Database, Queryable } from '../db/types';

/** The joining gift of a new account: enough for one use of points at checkout (id minimum 5000). */
export const WELCOME_POINTS = 5000;

export interface PointsEntry {
  id: string;
  delta: number;
  reason: 'earn' | 'redeem' | 'return' | 'welcome';
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

    /** Points ever earned on paid orders in a country (spending does not lower it): the Mi Club level follows it. */
    async earned(userId: number, local: string): Promise<number> {
      return (
        await db.query<{ n: number }>(
          `SELECT coalesce(sum(delta), 0)::int AS n FROM points_ledger
           WHERE user_id = $1 AND local = $2 AND reason = 'earn'`,
          [userId, local],
        )
      )[0]!.n;
    },

    async history(userId: number, local: string, limit = 50): Promise<PointsEntry[]> {
      return db.query<PointsEntry>(
        `SELECT id::text AS id, delta, reason, order_id::text AS order_id, created_at FROM points_ledger
         WHERE user_id = $1 AND local = $2 ORDER BY id DESC LIMIT $3`,
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

    /** Points given by the store (the joining gift, support goodwill), in the caller's transaction. */
    async grantIn(q: Queryable, userId: number, local: string, points: number): Promise<void> {
      await q.query(`INSERT INTO points_ledger (user_id, local, delta, reason) VALUES ($1, $2, $3, 'welcome')`, [
        userId,
        local,
        points,
      ]);
    },

    async grant(userId: number, local: string, points: number): Promise<void> {
      await this.grantIn(db, userId, local, points);
    },
  };
}

export type PointsRepository = ReturnType<typeof pointsRepository>;
