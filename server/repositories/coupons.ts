import type { Database, Queryable } from '../db/types';
import type { CheckoutCoupon } from '../orders/coupon-discount';

/** A coupon of the snapshot with its claim count (minor units). */
export interface CouponRow {
  id: string;
  code: string;
  local: string;
  kind: CheckoutCoupon['kind'];
  title: string;
  currency: string;
  amount: number | null;
  percent: number | null;
  cap: number | null;
  min_spend: number;
  categories: string[] | null;
  products: string[] | null;
  starts_at: Date;
  ends_at: Date;
  total_stock: number;
  claimed: number;
  per_user_limit: number;
  /**
   * Who may have it: null anyone, by code or from a page; 'student' a verified student, through the student programme;
   * 'friend' given by the friend codes (the welcome coupon and the reward), never claimed.
   */
  claim_gate: CouponGate | null;
  /** Only a unit priced at most this counts (minor units); null any price. */
  max_unit_price: number | null;
  /** The discount applies to one unit (the dearest eligible), not to every eligible line. */
  single_unit: boolean;
}

/** The programmes that issue coupons nobody claims by code or from a page (the coupons' `claim_gate`). */
export type CouponGate = 'student' | 'friend';

/** A programme's campaign of gated coupons: a percentage off one unit, up to a cap, in its window. */
export interface GatedCampaign {
  id: string;
  code: string;
  local: string;
  gate: CouponGate;
  title: string;
  currency: string;
  percent: number;
  cap: number;
  maxUnitPrice: number | null;
  categories: readonly string[];
  startsAt: Date;
  endsAt: Date;
  totalStock: number;
}

/** A coupon a user holds: claimed (usable while its window lasts) or used on an order. */
export interface UserCouponRow extends CouponRow {
  user_coupon_id: string;
  state: 'claimed' | 'used';
  order_id: string | null;
  claimed_at: Date;
  used_at: Date | null;
  phase: CouponPhase;
  /** A first-order coupon whose holder has ordered in the country since (cancelled orders aside): it works no more. */
  first_order_passed: boolean;
}

/**
 * A first-order coupon of `uc` whose holder has another order in the coupon's country that was not cancelled (the
 * order that used it aside).
 */
const FIRST_ORDER_PASSED = `(c.first_order_only AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = uc.user_id
  AND o.local = c.local AND o.state <> 'cancelled' AND o.id IS DISTINCT FROM uc.order_id))`;

const COUPON_COLUMNS = `c.id, c.code, c.local, c.kind, c.title, c.currency, c.amount::float8 AS amount, c.percent,
  c.cap::float8 AS cap,
  c.min_spend::float8 AS min_spend, c.categories, c.products, c.starts_at, c.ends_at, c.total_stock, c.claimed,
  c.per_user_limit, c.claim_gate, c.max_unit_price::float8 AS max_unit_price, c.single_unit`;

export type ClaimResult =
  | { ok: true; coupon: UserCouponRow }
  | { ok: false; reason: 'unknown' | 'not_started' | 'expired' | 'sold_out' | 'limit' };

/** Where a coupon's window stands on the database clock (migration 029's `campaign_phase`). */
export type CouponPhase = 'upcoming' | 'live' | 'ended';

export function toCheckoutCoupon(row: UserCouponRow): CheckoutCoupon {
  return {
    userCouponId: row.user_coupon_id,
    couponId: row.id,
    title: row.title,
    kind: row.kind,
    amount: row.amount,
    percent: row.percent,
    cap: row.cap,
    minSpend: row.min_spend,
    categories: row.categories,
    products: row.products,
    maxUnitPrice: row.max_unit_price,
    singleUnit: row.single_unit,
  };
}

/**
 * Coupons and the shoppers' claims (available → claimed → used, or expired). A claim takes one of the
 * coupon's stock with a conditional update, so parallel claims never pass it, and counts against the user's limit
 * under the user's lock. Using a coupon is part of the order's transaction; cancelling an unpaid order gives it back.
 */
export function couponsRepository(db: Database) {
  const mineSql = `SELECT ${COUPON_COLUMNS}, uc.id::text AS user_coupon_id, uc.state, uc.order_id::text AS order_id,
    uc.claimed_at, uc.used_at,
    campaign_phase(c.starts_at, c.ends_at) AS phase, ${FIRST_ORDER_PASSED} AS first_order_passed
    FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`;

  return {
    /**
     * Coupons of the country a user may claim now (in their window, stock left, under the user's limit), and with
     * `upcomingWithinMs` also those whose window opens within that time, so a page can count down to them.
     */
    async claimable(
      local: string,
      userId: number | null,
      upcomingWithinMs = 0,
    ): Promise<(CouponRow & { phase: CouponPhase })[]> {
      return db.query<CouponRow & { phase: CouponPhase }>(
        `SELECT ${COUPON_COLUMNS}, campaign_phase(c.starts_at, c.ends_at) AS phase FROM coupons c
         WHERE c.local = $1 AND c.starts_at <= now() + make_interval(secs => $3 / 1000.0) AND now() < c.ends_at
           AND c.claimed < c.total_stock AND c.claim_gate IS NULL
           AND (SELECT count(*) FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = $2) < c.per_user_limit
         ORDER BY c.ends_at, c.id`,
        [local, userId ?? 0, upcomingWithinMs],
      );
    },

    /** The user's coupons in the country, newest first. */
    async mine(userId: number, local: string): Promise<UserCouponRow[]> {
      return db.query<UserCouponRow>(
        `${mineSql} WHERE uc.user_id = $1 AND c.local = $2 ORDER BY uc.claimed_at DESC, uc.id DESC`,
        [userId, local],
      );
    },

    /** A coupon of the country by id (the products it applies to are listed by /use-now). */
    async byId(local: string, id: string): Promise<CouponRow | null> {
      return (
        (
          await db.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM coupons c WHERE c.id = $1 AND c.local = $2`, [
            id,
            local,
          ])
        )[0] ?? null
      );
    },

    /**
     * Claims a coupon for the user. A gated coupon (a programme's) reads as unknown unless its programme claims it
     * (`gate`), having checked the shopper may have it.
     */
    async claim(
      userId: number,
      local: string,
      by: { code: string } | { couponId: string },
      gate: CouponGate | null = null,
    ): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('coupon-claims'), $1::int)`, [userId]);
        const coupon = (
          await tx.query<CouponRow & { phase: CouponPhase; mine: number }>(
            `SELECT ${COUPON_COLUMNS}, campaign_phase(c.starts_at, c.ends_at) AS phase,
                  (SELECT count(*)::int FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = $3) AS mine
           FROM coupons c WHERE c.local = $1 AND ${'code' in by ? 'c.code = upper($2)' : 'c.id = $2'}
             AND c.claim_gate IS NOT DISTINCT FROM $4::text`,
            [local, 'code' in by ? by.code.trim() : by.couponId, userId, gate],
          )
        )[0];
        if (!coupon) return { ok: false, reason: 'unknown' } as const;
        if (coupon.phase === 'upcoming') return { ok: false, reason: 'not_started' } as const;
        if (coupon.phase === 'ended') return { ok: false, reason: 'expired' } as const;
        if (coupon.mine >= coupon.per_user_limit) return { ok: false, reason: 'limit' } as const;
        const taken = await tx.query(
          `UPDATE coupons SET claimed = claimed + 1 WHERE id = $1 AND claimed < total_stock RETURNING id`,
          [coupon.id],
        );
        if (taken.length === 0) return { ok: false, reason: 'sold_out' } as const;
        const id = (
          await tx.query<{ id: string }>(
            `INSERT INTO user_coupons (coupon_id, user_id, state) VALUES ($1, $2, 'claimed') RETURNING id::text AS id`,
            [coupon.id, userId],
          )
        )[0]!.id;
        return { ok: true, coupon: (await tx.query<UserCouponRow>(`${mineSql} WHERE uc.id = $1`, [id]))[0]! } as const;
      });
    },

    /** A claimed coupon of the user, still in its window, for a checkout in `local`; null otherwise. */
    async usable(q: Queryable, userId: number, local: string, userCouponId: string): Promise<UserCouponRow | null> {
      if (!/^\d{1,18}$/.test(userCouponId)) return null;
      const rows = await q.query<UserCouponRow>(
        `${mineSql} WHERE uc.id = $1 AND uc.user_id = $2 AND c.local = $3 AND uc.state = 'claimed'
         AND campaign_live(c.starts_at, c.ends_at) AND NOT ${FIRST_ORDER_PASSED}`,
        [userCouponId, userId, local],
      );
      return rows[0] ?? null;
    },

    /**
     * Opens a programme's campaign (a semester's student coupon) unless it exists: parallel first claims create it
     * once, and an existing campaign keeps its claims.
     */
    async openGatedCampaign(campaign: GatedCampaign): Promise<void> {
      await db.query(
        `INSERT INTO coupons (id, code, local, kind, title, currency, percent, cap, min_spend, categories, starts_at,
           ends_at, total_stock, per_user_limit, claim_gate, max_unit_price, single_unit)
         VALUES ($1, $2, $3, 'percent', $4, $5, $6, $7, 0, $8::text[], $9, $10, $11, 1, $12, $13, true)
         ON CONFLICT DO NOTHING`,
        [
          campaign.id,
          campaign.code,
          campaign.local,
          campaign.title,
          campaign.currency,
          campaign.percent,
          campaign.cap,
          [...campaign.categories],
          campaign.startsAt,
          campaign.endsAt,
          campaign.totalStock,
          campaign.gate,
          campaign.maxUnitPrice,
        ],
      );
    },

    /** The user's coupon of a campaign (the newest), or null. */
    async heldOf(userId: number, couponId: string): Promise<UserCouponRow | null> {
      const rows = await db.query<UserCouponRow>(
        `${mineSql} WHERE uc.user_id = $1 AND uc.coupon_id = $2 ORDER BY uc.claimed_at DESC, uc.id DESC LIMIT 1`,
        [userId, couponId],
      );
      return rows[0] ?? null;
    },

    /**
     * A programme gives the user one of its gated coupons (the friend codes' welcome coupon and reward), in the
     * caller's transaction: it takes one of the coupon's stock like a claim. The new user coupon's id, or null when
     * the coupon is unknown, another programme's, not live or out of stock.
     */
    async grantIn(tx: Queryable, userId: number, couponId: string, gate: CouponGate): Promise<string | null> {
      const taken = await tx.query(
        `UPDATE coupons SET claimed = claimed + 1
         WHERE id = $1 AND claim_gate = $2 AND claimed < total_stock AND campaign_live(starts_at, ends_at)
         RETURNING id`,
        [couponId, gate],
      );
      if (taken.length === 0) return null;
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO user_coupons (coupon_id, user_id, state) VALUES ($1, $2, 'claimed') RETURNING id::text AS id`,
        [couponId, userId],
      );
      return rows[0]!.id;
    },

    /** Operators move a coupon's window (a campaign starts or ends at another time); the start must come first. */
    async moveWindow(id: string, window: { startsAt: Date; endsAt: Date }): Promise<'moved' | 'not_found' | 'order'> {
      if (!(window.startsAt < window.endsAt)) return 'order';
      const rows = await db.query(`UPDATE coupons SET starts_at = $2, ends_at = $3 WHERE id = $1 RETURNING id`, [
        id,
        window.startsAt,
        window.endsAt,
      ]);
      return rows.length ? 'moved' : 'not_found';
    },

    /** Marks the coupon used by the order, in the order's transaction; false when it is no longer claimed. */
    async redeem(tx: Queryable, userCouponId: string, orderId: string): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE user_coupons SET state = 'used', order_id = $2, used_at = now() WHERE id = $1 AND state = 'claimed'
         RETURNING id`,
        [userCouponId, orderId],
      );
      return rows.length > 0;
    },

    /**
     * A paid order was cancelled: its coupon is the shopper's again while its window has not ended (an expired
     * coupon stays used by the cancelled order). True when it came back.
     */
    async releaseIfValidIn(tx: Queryable, orderId: string): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE user_coupons uc SET state = 'claimed', order_id = NULL, used_at = NULL FROM coupons c
         WHERE uc.order_id = $1 AND c.id = uc.coupon_id AND campaign_phase(c.starts_at, c.ends_at) <> 'ended'
         RETURNING uc.id`,
        [orderId],
      );
      return rows.length > 0;
    },

    /** An unpaid order was cancelled: its coupon is the shopper's again. */
    async release(tx: Queryable, orderId: string): Promise<void> {
      await tx.query(`UPDATE user_coupons SET state = 'claimed', order_id = NULL, used_at = NULL WHERE order_id = $1`, [
        orderId,
      ]);
    },
  };
}

export type CouponsRepository = ReturnType<typeof couponsRepository>;
