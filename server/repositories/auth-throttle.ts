import type { Database } from '../db/types';

/** How one kind of key is throttled: free attempts, then a delay doubling from `baseDelaySeconds` up to the cap. */
export interface ThrottleRule {
  free: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** A key quiet for this long starts again from zero. */
  resetAfterMinutes: number;
}

/**
 * Sign-in throttling rules. A stranger guessing one account slows only attempts from browsers that never signed
 * in to it; the owner's browsers have their own allowance. The address rule stops one client from guessing
 * across many accounts.
 */
export const SIGN_IN_THROTTLE = {
  account: { free: 5, baseDelaySeconds: 2, maxDelaySeconds: 900, resetAfterMinutes: 60 },
  trustedDevice: { free: 10, baseDelaySeconds: 2, maxDelaySeconds: 900, resetAfterMinutes: 60 },
  address: { free: 20, baseDelaySeconds: 1, maxDelaySeconds: 900, resetAfterMinutes: 60 },
  /** Tell the owner by mail at most this often while their account is being guessed. */
  alertEveryHours: 6,
} as const satisfies Record<string, ThrottleRule | number>;

export type ClaimResult = { allowed: true; attempts: Map<string, number> } | { allowed: false; retryAfterSeconds: number };

class Blocked extends Error {}

const CLAIM_SQL = `
WITH prev AS (SELECT failures, last_at, blocked_until FROM auth_throttle WHERE key = $1),
next AS (
  SELECT CASE WHEN prev.last_at IS NULL OR prev.last_at < now() - make_interval(mins => $2) THEN 1 ELSE prev.failures + 1 END AS n
  FROM (SELECT 1) one LEFT JOIN prev ON true
)
INSERT INTO auth_throttle AS t (key, failures, last_at, blocked_until)
SELECT $1, next.n, now(),
       CASE WHEN next.n > $3 THEN now() + make_interval(secs => least($5::float8, $4 * power(2, next.n - $3 - 1)))
            ELSE '-infinity'::timestamptz END
FROM next
ON CONFLICT (key) DO UPDATE SET failures = EXCLUDED.failures, last_at = EXCLUDED.last_at,
  blocked_until = CASE WHEN EXCLUDED.failures > $3 THEN EXCLUDED.blocked_until ELSE t.blocked_until END
WHERE t.blocked_until <= now()
RETURNING failures`;

/**
 * Attempts are claimed in the database before a password is checked: under the row lock each attempt sees the
 * ones before it, so parallel guesses on one or many processes never get past the allowance.
 */
export function authThrottleRepository(db: Database) {
  return {
    /**
     * Claims one attempt on every key, all or none: when any key is in its delay the transaction rolls back and
     * nothing is counted. Keys are locked in sorted order so concurrent claims cannot deadlock.
     */
    async claim(keys: { key: string; rule: ThrottleRule }[]): Promise<ClaimResult> {
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
      try {
        const attempts = await db.transaction(async (tx) => {
          const counts = new Map<string, number>();
          for (const { key, rule } of sorted) {
            // One lock per key for the rest of the transaction: the next claimer reads this claim's count.
            await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
            const rows = await tx.query<{ failures: number }>(CLAIM_SQL, [key, rule.resetAfterMinutes, rule.free, rule.baseDelaySeconds, rule.maxDelaySeconds]);
            if (!rows[0]) throw new Blocked();
            counts.set(key, rows[0].failures);
          }
          return counts;
        });
        return { allowed: true, attempts };
      } catch (err) {
        if (!(err instanceof Blocked)) throw err;
        const rows = await db.query<{ wait: number }>(
          `SELECT coalesce(ceil(extract(epoch FROM max(blocked_until) - now())), 1)::int AS wait
           FROM auth_throttle WHERE key = ANY($1::text[]) AND blocked_until > now()`,
          [sorted.map((k) => k.key)],
        );
        return { allowed: false, retryAfterSeconds: Math.max(1, rows[0]?.wait ?? 1) };
      }
    },

    /** Forgets the attempts of keys (after a successful sign-in or a password reset). */
    async reset(keys: string[]): Promise<void> {
      await db.query(`DELETE FROM auth_throttle WHERE key = ANY($1::text[])`, [keys]);
    },

    /** True once per SIGN_IN_THROTTLE.alertEveryHours for a key: the caller then tells the account's owner. */
    async shouldAlert(key: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE auth_throttle SET notified_at = now()
         WHERE key = $1 AND (notified_at IS NULL OR notified_at < now() - make_interval(hours => $2)) RETURNING key`,
        [key, SIGN_IN_THROTTLE.alertEveryHours],
      );
      return rows.length > 0;
    },

    async prune(): Promise<void> {
      await db.query(`DELETE FROM auth_throttle WHERE last_at < now() - interval '1 day' AND blocked_until < now()`);
    },
  };
}
export type AuthThrottleRepository = ReturnType<typeof authThrottleRepository>;
