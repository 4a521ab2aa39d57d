import type { Database, Queryable } from '../db/types';
import { newFriendCode } from '../friends/code';
import { addressKey } from './order-review';
import type { FriendReason, FriendState } from '../schemas/friends';

/** A sign-up that came with a code, as the programme's steps read it (locked by `lockIn`). */
export interface ReferralRow {
  id: string;
  referrer_id: number;
  referee_id: number;
  local: string;
  url_local: string;
  state: FriendState;
  reason: FriendReason | null;
  first_order_id: string | null;
  due_at: Date | null;
  /** Either account was erased meanwhile. */
  account_closed: boolean;
}

/** The new shopper's first paid order in the referral's country, with what the reward waits for. */
export interface FirstOrderRow {
  id: string;
  local: string;
  state: string;
  delivered_at: Date | null;
  refurbished: boolean;
  /** A return of it was accepted (its units came back). */
  returned: boolean;
  /** A return of it is asked for and not decided yet. */
  return_open: boolean;
}

/** A sign-up with a code as staff see it: the other shopper's address, the state and the first order. */
export interface StaffReferralRow {
  email: string;
  url_local: string;
  state: FriendState;
  reason: FriendReason | null;
  created_at: Date;
  first_order_id: string | null;
  due_at: Date | null;
  rewarded_at: Date | null;
}

/** A friend who joined with the shopper's code, as their account page lists them. */
export interface FriendRow {
  id: string;
  nickname: string;
  url_local: string;
  state: FriendState;
  reason: FriendReason | null;
  due_at: Date | null;
  reward_kind: 'points' | 'coupon' | null;
  reward_points: number | null;
  reward_coupon_title: string | null;
  rewarded_at: Date | null;
  created_at: Date;
}

const REFERRAL_COLUMNS = `r.id::text AS id, r.referrer_id, r.referee_id, r.local, r.url_local, r.state, r.reason,
  r.first_order_id::text AS first_order_id, r.due_at,
  EXISTS (SELECT 1 FROM users u WHERE u.id IN (r.referrer_id, r.referee_id) AND u.erased_at IS NOT NULL)
    AS account_closed`;

/** An address book row as the jsonb an order keeps, so addressKey compares the two. */
const BOOK_ADDRESS = `jsonb_build_object('street', a.street, 'houseNumber', a.house_number, 'building', a.building,
  'postalCode', a.postal_code, 'city', a.city)`;

/**
 * Friend codes: each shopper's code, the sign-ups that came with one (friend_referrals), the code waiting with a
 * pending sign-up, and the claims that keep a reward to one per mailbox, device and delivery address. The `…In`
 * functions run in the caller's transaction; the programme's rules are in server/friends/.
 */
export function friendCodesRepository(db: Database) {
  return {
    /** The user's code, made the first time it is asked for; parallel first asks get the same one. */
    async ensureCode(userId: number): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt++) {
        // A code another user already has (a 1 in 10^11 draw) inserts nothing: draw again.
        const rows = await db.query<{ code: string }>(
          `WITH made AS (INSERT INTO friend_codes (user_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING code)
           SELECT code FROM made UNION ALL SELECT code FROM friend_codes WHERE user_id = $1`,
          [userId, newFriendCode()],
        );
        if (rows[0]) return rows[0].code;
      }
      throw new Error('could not draw a free friend code');
    },

    /** The owner of a code, or null (no such code, or its owner's account was erased). */
    async ownerIn(q: Queryable, code: string): Promise<{ user_id: number; email: string } | null> {
      const rows = await q.query<{ user_id: number; email: string }>(
        `SELECT f.user_id, u.email FROM friend_codes f JOIN users u ON u.id = f.user_id
         WHERE f.code = $1 AND u.erased_at IS NULL`,
        [code],
      );
      return rows[0] ?? null;
    },

    /** Keeps the code typed on the sign-up form with the pending sign-up (its link's token hash). */
    async rememberSignupIn(q: Queryable, tokenHash: string, code: string, deviceHash: string | null): Promise<void> {
      await q.query(`INSERT INTO friend_pending_signups (token_hash, code, device_hash) VALUES ($1, $2, $3)`, [
        tokenHash,
        code,
        deviceHash,
      ]);
    },

    /** The code of a pending sign-up, taken once (the sign-up finishes in the same transaction). */
    async takeSignupIn(q: Queryable, tokenHash: string): Promise<{ code: string; device_hash: string | null } | null> {
      const rows = await q.query<{ code: string; device_hash: string | null }>(
        `DELETE FROM friend_pending_signups WHERE token_hash = $1 RETURNING code, device_hash`,
        [tokenHash],
      );
      return rows[0] ?? null;
    },

    /** Whether the browser of `deviceHash` has signed in to `userId`'s account (a trusted device of it). */
    async deviceOfIn(q: Queryable, deviceHash: string, userId: number): Promise<boolean> {
      const rows = await q.query(`SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND user_id = $2`, [
        deviceHash,
        userId,
      ]);
      return rows.length > 0;
    },

    /**
     * A new account's referral (state joined); null when the account has one already (one per new account, held by
     * the unique referee).
     */
    async createIn(
      q: Queryable,
      input: { referrerId: number; refereeId: number; local: string; urlLocal: string },
    ): Promise<string | null> {
      const rows = await q.query<{ id: string }>(
        `INSERT INTO friend_referrals (referrer_id, referee_id, local, url_local, state)
         VALUES ($1, $2, $3, $4, 'joined')
         ON CONFLICT (referee_id) DO NOTHING RETURNING id::text AS id`,
        [input.referrerId, input.refereeId, input.local, input.urlLocal],
      );
      return rows[0]?.id ?? null;
    },

    /**
     * Claims what a reward is for (a mailbox, a device or a delivery address, by its hash) for a referral: true when
     * it was free. The primary key decides between parallel claims; a claim is never given back.
     */
    async claimIn(q: Queryable, kind: 'email' | 'device' | 'address', keyHash: string, referralId: string) {
      const rows = await q.query(
        `INSERT INTO friend_reward_claims (kind, key_hash, referral_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING kind`,
        [kind, keyHash, referralId],
      );
      return rows.length > 0;
    },

    /** The referral locked for one step; with `skipLocked` null when another process is on it. */
    async lockIn(q: Queryable, id: string, skipLocked = false): Promise<ReferralRow | null> {
      const rows = await q.query<ReferralRow>(
        `SELECT ${REFERRAL_COLUMNS} FROM friend_referrals r WHERE r.id = $1
         FOR UPDATE OF r${skipLocked ? ' SKIP LOCKED' : ''}`,
        [id],
      );
      return rows[0] ?? null;
    },

    /**
     * Referrals a step may move: joined ones whose new shopper has a paid order in the country, and every pending one
     * (its order may have arrived, been cancelled or returned, or its reward fallen due).
     */
    async open(limit = 500): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT r.id::text AS id FROM friend_referrals r
         WHERE r.state = 'pending'
            OR (r.state = 'joined' AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = r.referee_id
                  AND o.local = r.local AND o.paid_at IS NOT NULL))
         ORDER BY r.id LIMIT $1`,
        [limit],
      );
      return rows.map((r) => r.id);
    },

    /**
     * The order a referral's reward follows: the one it recorded, else the new shopper's first paid order in the
     * country (cancelled after payment or not: a cancelled first order rewards nothing, the next one does not count).
     */
    async firstOrderIn(q: Queryable, referral: ReferralRow): Promise<FirstOrderRow | null> {
      const rows = await q.query<FirstOrderRow>(
        `SELECT o.id::text AS id, o.local, o.state, o.delivered_at,
           EXISTS (SELECT 1 FROM order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = o.id
             AND (p.category = 'refurbished' OR p.data ? 'refurbished')) AS refurbished,
           EXISTS (SELECT 1 FROM service_requests s WHERE s.order_id = o.id AND s.kind = 'return'
             AND s.state = 'completed') AS returned,
           EXISTS (SELECT 1 FROM service_requests s WHERE s.order_id = o.id AND s.kind = 'return'
             AND s.state IN ('submitted', 'pickup_scheduled', 'received')) AS return_open
         FROM orders o
         WHERE ${referral.first_order_id ? 'o.id = $1' : 'o.user_id = $1 AND o.local = $2 AND o.paid_at IS NOT NULL'}
         ORDER BY o.paid_at, o.id LIMIT 1`,
        referral.first_order_id ? [referral.first_order_id] : [referral.referee_id, referral.local],
      );
      return rows[0] ?? null;
    },

    /**
     * Whether the order goes to the friend's own door: an address in the friend's book, or one the friend ordered to,
     * compared as the address rule compares them.
     */
    async toReferrersAddressIn(q: Queryable, orderId: string, referrerId: number): Promise<boolean> {
      const rows = await q.query(
        `SELECT 1 FROM orders n WHERE n.id = $1 AND (
           EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = $2
             AND ${addressKey(BOOK_ADDRESS)} = ${addressKey('n.address')})
           OR EXISTS (SELECT 1 FROM orders f WHERE f.user_id = $2
             AND ${addressKey('f.address')} = ${addressKey('n.address')}))`,
        [orderId, referrerId],
      );
      return rows.length > 0;
    },

    /** The hash a reward claim keeps for an order's delivery address. */
    async addressHashIn(q: Queryable, orderId: string): Promise<string> {
      const rows = await q.query<{ h: string }>(
        `SELECT encode(sha256(convert_to('address:' || ${addressKey('address')}, 'UTF8')), 'hex') AS h
         FROM orders WHERE id = $1`,
        [orderId],
      );
      return rows[0]!.h;
    },

    /** The first order is paid: the referral waits for its return window. */
    async pendingIn(q: Queryable, id: string, orderId: string): Promise<void> {
      await q.query(
        `UPDATE friend_referrals SET state = 'pending', first_order_id = $2, updated_at = now() WHERE id = $1`,
        [id, orderId],
      );
    },

    async dueIn(q: Queryable, id: string, dueAt: Date): Promise<void> {
      await q.query(`UPDATE friend_referrals SET due_at = $2, updated_at = now() WHERE id = $1`, [id, dueAt]);
    },

    /** Whether a time has passed on the database's clock (the one every process agrees on). */
    async pastIn(q: Queryable, at: Date): Promise<boolean> {
      return (await q.query<{ past: boolean }>(`SELECT now() > $1::timestamptz AS past`, [at]))[0]!.past;
    },

    async notEligibleIn(q: Queryable, id: string, reason: FriendReason): Promise<void> {
      await q.query(
        `UPDATE friend_referrals SET state = 'not_eligible', reason = $2, updated_at = now() WHERE id = $1`,
        [id, reason],
      );
    },

    async welcomeCouponIn(q: Queryable, id: string, userCouponId: string): Promise<void> {
      await q.query(`UPDATE friend_referrals SET welcome_coupon_id = $2 WHERE id = $1`, [id, userCouponId]);
    },

    async rewardedIn(
      q: Queryable,
      id: string,
      reward: { kind: 'points'; points: number } | { kind: 'coupon'; userCouponId: string },
    ): Promise<void> {
      await q.query(
        `UPDATE friend_referrals SET state = 'rewarded', rewarded_at = now(), updated_at = now(), reward_kind = $2,
           reward_points = $3, reward_coupon_id = $4 WHERE id = $1`,
        [
          id,
          reward.kind,
          reward.kind === 'points' ? reward.points : null,
          reward.kind === 'coupon' ? reward.userCouponId : null,
        ],
      );
    },

    /**
     * The friend's rewards this calendar month (UTC), counted under a lock on the friend, so parallel rewards of
     * their referrals are counted one after the other and never pass the cap.
     */
    async rewardsThisMonthIn(q: Queryable, referrerId: number): Promise<number> {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext('friend-rewards'), $1::int)`, [referrerId]);
      const rows = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM friend_referrals WHERE referrer_id = $1 AND state = 'rewarded'
           AND rewarded_at >= date_trunc('month', now(), 'UTC')`,
        [referrerId],
      );
      return rows[0]!.n;
    },

    /** A coupon's title (the programme's messages name the coupon given). */
    async couponTitleIn(q: Queryable, couponId: string): Promise<string> {
      const rows = await q.query<{ title: string }>(`SELECT title FROM coupons WHERE id = $1`, [couponId]);
      return rows[0]?.title ?? '';
    },

    /** A user's nickname (the friend's messages name the new shopper by its first character). */
    async nicknameIn(q: Queryable, userId: number): Promise<string> {
      const rows = await q.query<{ nickname: string }>(`SELECT nickname FROM users WHERE id = $1`, [userId]);
      return rows[0]?.nickname ?? '';
    },

    /**
     * An account's side of the programme for staff: its code, the sign-ups with it (newest first, at most 200) and
     * the code it joined with.
     */
    async staffView(userId: number) {
      const columns = `u.email, r.url_local, r.state, r.reason, r.created_at, r.first_order_id::text AS first_order_id,
        r.due_at, r.rewarded_at`;
      const [code, invited, invitedBy] = await Promise.all([
        db.query<{ code: string }>(`SELECT code FROM friend_codes WHERE user_id = $1`, [userId]),
        db.query<StaffReferralRow>(
          `SELECT ${columns} FROM friend_referrals r JOIN users u ON u.id = r.referee_id
           WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 200`,
          [userId],
        ),
        db.query<StaffReferralRow>(
          `SELECT ${columns} FROM friend_referrals r JOIN users u ON u.id = r.referrer_id WHERE r.referee_id = $1`,
          [userId],
        ),
      ]);
      return { code: code[0]?.code ?? null, invited, invitedBy: invitedBy[0] ?? null };
    },

    /** The friends who joined with the user's code, newest first, with their state and reward. */
    async friendsOf(userId: number, limit = 100): Promise<FriendRow[]> {
      return db.query<FriendRow>(
        `SELECT r.id::text AS id, u.nickname, r.url_local, r.state, r.reason, r.due_at, r.reward_kind,
                r.reward_points, c.title AS reward_coupon_title, r.rewarded_at, r.created_at
         FROM friend_referrals r
         JOIN users u ON u.id = r.referee_id
         LEFT JOIN user_coupons uc ON uc.id = r.reward_coupon_id
         LEFT JOIN coupons c ON c.id = uc.coupon_id
         WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
        [userId, limit],
      );
    },
  };
}

export type FriendCodesRepository = ReturnType<typeof friendCodesRepository>;
