import type { Database } from '../db/types';

/** How one kind of key is throttled: free attempts, then a delay doubling from `baseDelaySeconds` up to the cap. */
export interface ThrottleRule {
  free: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** A key quiet for this long starts again from zero. */
  resetAfterMinutes: number;
}

/** A counter without delays: how many failed guesses a key saw, starting again after a quiet window. */
export interface CountRule {
  resetAfterMinutes: number;
}

/**
 * Sign-in throttling rules. Guesses from browsers an account does not know are counted per account, without
 * delaying anyone: past `account.free` failed guesses the account is under attack, and a right password from such a
 * browser then gets a sign-in link by mail instead of a session, while every answer to these browsers looks the
 * same whether the password was right or not. The delays fall on the guessers: each address gets `account.free`
 * guesses at one account, then waits. A browser that signed in to the account before has an allowance of its own
 * and is counted under no address, so guesses elsewhere never slow it. The address rule stops one client from
 * guessing across many accounts; successful sign-ins are given back to it, so a shared office or carrier address
 * is not throttled by its shoppers signing in.
 */
export const SIGN_IN_THROTTLE = {
  account: { free: 5, baseDelaySeconds: 2, maxDelaySeconds: 900, resetAfterMinutes: 60 },
  /** Failed guesses at one account from browsers it does not know, from anywhere. */
  attacks: { resetAfterMinutes: 60 },
  trustedDevice: { free: 10, baseDelaySeconds: 2, maxDelaySeconds: 900, resetAfterMinutes: 60 },
  address: { free: 20, baseDelaySeconds: 1, maxDelaySeconds: 900, resetAfterMinutes: 60 },
  /** Tell the owner by mail at most this often while their account is being guessed. */
  alertEveryHours: 6,
} as const satisfies Record<string, ThrottleRule | CountRule | number>;

/** The key that counts guesses at an account from browsers it does not know (whose count says "under attack"). */
export function accountThrottleKey(email: string): string {
  return `account:${email.toLowerCase()}`;
}

/**
 * One claimed attempt on one key: the count with it, and the delay as it left it (to give the attempt back exactly).
 */
export interface Claim {
  key: string;
  failures: number;
  blockedUntil: string | null;
}

export type ClaimResult = { allowed: true; claims: Map<string, Claim> } | { allowed: false; retryAfterSeconds: number };

class Blocked extends Error {}

const CLAIM_SQL = `
WITH prev AS (SELECT failures, last_at, blocked_until FROM auth_throttle WHERE key = $1),
next AS (
  SELECT CASE WHEN prev.last_at IS NULL OR prev.last_at < now() - make_interval(mins => $2) THEN 1
    ELSE prev.failures + 1 END AS n
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
RETURNING failures, blocked_until::text AS blocked_until`;

const COUNT_SQL = `
INSERT INTO auth_throttle AS t (key, failures, last_at) VALUES ($1, 1, now())
ON CONFLICT (key) DO UPDATE SET last_at = now(),
  failures = CASE WHEN t.last_at < now() - make_interval(mins => $2) THEN 1 ELSE t.failures + 1 END
RETURNING failures, NULL::text AS blocked_until`;

/**
 * Attempts are claimed in the database before a password is checked: under the row lock each attempt sees the
 * ones before it, so parallel guesses on one or many processes never get past the allowance.
 */
export function authThrottleRepository(db: Database) {
  return {
    /**
     * Claims one attempt on every key, all or none: when any key with delays is in its delay the transaction rolls
     * back and nothing is counted (counters never refuse). Keys are locked in sorted order so concurrent claims
     * cannot deadlock.
     */
    async claim(keys: { key: string; rule: ThrottleRule | CountRule }[]): Promise<ClaimResult> {
      const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : 1));
      try {
        const claims = await db.transaction(async (tx) => {
          const claimed = new Map<string, Claim>();
          for (const { key, rule } of sorted) {
            // One lock per key for the rest of the transaction: the next claimer reads this claim's count.
            await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
            const rows =
              'free' in rule
                ? await tx.query<{ failures: number; blocked_until: string }>(CLAIM_SQL, [
                    key,
                    rule.resetAfterMinutes,
                    rule.free,
                    rule.baseDelaySeconds,
                    rule.maxDelaySeconds,
                  ])
                : await tx.query<{ failures: number; blocked_until: null }>(COUNT_SQL, [key, rule.resetAfterMinutes]);
            if (!rows[0]) throw new Blocked();
            claimed.set(key, { key, failures: rows[0].failures, blockedUntil: rows[0].blocked_until });
          }
          return claimed;
        });
        return { allowed: true, claims };
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

    /**
     * Takes back a claimed attempt that was no failed guess (a sign-in that succeeded): one fewer on the count, and
     * the delay it started, if it started one, is lifted. While that delay ran no other claim could change the row,
     * so a delay that is no longer the one this claim set belongs to a later attempt and stays.
     */
    async giveBack(claim: Claim): Promise<void> {
      await db.query(
        `UPDATE auth_throttle SET failures = greatest(failures - 1, 0),
           blocked_until = CASE WHEN blocked_until = $2::timestamptz THEN '-infinity'::timestamptz ELSE blocked_until
           END
         WHERE key = $1`,
        [claim.key, claim.blockedUntil],
      );
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
