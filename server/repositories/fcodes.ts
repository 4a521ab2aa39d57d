import type { Database, Queryable } from '../db/types';

export interface FcodeRow {
  code: string;
  product_id: string;
  product_name: string;
  ends_at: Date;
  redeemed_at: Date;
  order_id: string | null;
  used_at: Date | null;
  /** The campaign has ended on the database clock. */
  ended: boolean;
}

/**
 * F-codes: while a product has an open campaign in a country, buying a unit of it takes one of the buyer's
 * redeemed codes. Redeeming claims a free code with one conditional update (parallel redeems of one code: one wins);
 * using is part of the order's transaction; cancelling an unpaid order gives the codes back.
 */
export function fcodesRepository(db: Database) {
  return {
    /** Products of `productIds` that need an F-code in the country now. */
    async required(q: Queryable, local: string, productIds: string[]): Promise<Set<string>> {
      if (productIds.length === 0) return new Set();
      const rows = await q.query<{ product_id: string }>(
        `SELECT DISTINCT product_id FROM fcodes WHERE local = $1 AND product_id = ANY($2::text[]) AND ends_at > now()`,
        [local, productIds],
      );
      return new Set(rows.map((r) => r.product_id));
    },

    /**
     * The product of `commodityId` when its F-code campaign is open in `local` (one round trip on the cart's hot path).
     */
    async requiredForCommodity(q: Queryable, local: string, commodityId: string): Promise<string | null> {
      const rows = await q.query<{ product_id: string }>(
        `SELECT c.product_id FROM commodities c
         WHERE c.commodity_id = $1 AND EXISTS (SELECT 1 FROM fcodes f WHERE f.local = $2 AND f.product_id = c.product_id
           AND f.ends_at > now())`,
        [commodityId, local],
      );
      return rows[0]?.product_id ?? null;
    },

    /** How many redeemed, unused codes the user holds per product. */
    async held(q: Queryable, userId: number, local: string): Promise<Map<string, number>> {
      const rows = await q.query<{ product_id: string; n: number }>(
        `SELECT product_id, count(*)::int AS n FROM fcodes WHERE user_id = $1 AND local = $2 AND used_at IS NULL
           AND ends_at > now() GROUP BY product_id`,
        [userId, local],
      );
      return new Map(rows.map((r) => [r.product_id, r.n]));
    },

    async redeem(userId: number, local: string, code: string): Promise<'redeemed' | 'unknown' | 'taken' | 'expired'> {
      const rows = await db.query<{ ok: boolean }>(
        `UPDATE fcodes SET user_id = $3, redeemed_at = now()
         WHERE code = upper($1) AND local = $2 AND user_id IS NULL AND ends_at > now() RETURNING true AS ok`,
        [code.trim(), local, userId],
      );
      if (rows[0]) return 'redeemed';
      const existing = (
        await db.query<{ user_id: number | null; live: boolean }>(
          `SELECT user_id, ends_at > now() AS live FROM fcodes WHERE code = upper($1) AND local = $2`,
          [code.trim(), local],
        )
      )[0];
      if (!existing) return 'unknown';
      if (!existing.live) return 'expired';
      return existing.user_id === userId ? 'redeemed' : 'taken';
    },

    async mine(userId: number, local: string): Promise<FcodeRow[]> {
      return db.query<FcodeRow>(
        `SELECT f.code, f.product_id, p.name AS product_name, f.ends_at, f.redeemed_at, f.order_id::text AS order_id,
           f.used_at, f.ends_at <= now() AS ended
         FROM fcodes f JOIN products p ON p.id = f.product_id WHERE f.user_id = $1 AND f.local = $2
         ORDER BY f.redeemed_at DESC`,
        [userId, local],
      );
    },

    /** Uses `quantity` of the user's codes for the product on the order; false when they hold fewer. */
    async redeemIn(
      tx: Queryable,
      userId: number,
      local: string,
      productId: string,
      quantity: number,
      orderId: string,
    ): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE fcodes SET order_id = $5, used_at = now()
         WHERE code IN (SELECT code FROM fcodes WHERE user_id = $1 AND local = $2 AND product_id = $3
           AND used_at IS NULL AND ends_at > now()
                        ORDER BY redeemed_at, code LIMIT $4 FOR UPDATE)
         RETURNING code`,
        [userId, local, productId, quantity, orderId],
      );
      return rows.length === quantity;
    },

    async releaseIn(tx: Queryable, orderId: string): Promise<void> {
      await tx.query(`UPDATE fcodes SET order_id = NULL, used_at = NULL WHERE order_id = $1`, [orderId]);
    },
  };
}

export type FcodesRepository = ReturnType<typeof fcodesRepository>;
