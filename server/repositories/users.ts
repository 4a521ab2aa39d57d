import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { hashPassword, verifyPassword, dummyHash } from '../auth/password';
import { hashToken, newToken } from '../auth/tokens';

export interface User {
  id: number;
  email: string;
  nickname: string;
  c_user_id: string;
  icon: string | null;
  received_join_tokens: boolean;
}

const USER_COLUMNS = 'u.id, u.email, u.nickname, u.c_user_id, u.icon, u.received_join_tokens';
export const SESSION_DAYS = 30;

/** Sign-in throttling (shared by every instance through the database). */
/**
 * Sign-in throttling windows. Guessing one account from one address stops after 5 failures; one address stops
 * after 30 failures over any accounts; one account stops after 50 failures from anywhere (distributed guessing).
 * The per-account limit is high so that a stranger cannot lock a shopper out with a few wrong passwords.
 */
export const THROTTLE = { windowMinutes: 15, perEmailAndClient: 5, perClient: 30, perEmail: 50 } as const;

/** Accounts, sessions and sign-in throttling. */
export function usersRepository(db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }) {
  return {
    /** Creates an account (with a welcome message); null when the email is taken. */
    async register(input: { email: string; password: string; nickname: string }): Promise<User | null> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const rows = await tx.query<User>(
          `INSERT INTO users AS u (email, password_hash, nickname, c_user_id, received_join_tokens)
           VALUES ($1, $2, $3, $4, true) ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
          [input.email.toLowerCase(), passwordHash, input.nickname, randomBytes(9).toString('base64url')],
        );
        const user = rows[0];
        if (!user) return null;
        await tx.query(`INSERT INTO messages (user_id, title, body) VALUES ($1, $2, $3)`, [
          user.id,
          'Welcome',
          'Thanks for joining. Your joining tokens have been added to your account.',
        ]);
        return user;
      });
    },

    /** The user when email and password match; null otherwise (same timing for unknown emails). */
    async verifyCredentials(email: string, password: string): Promise<User | null> {
      const rows = await db.query<User & { password_hash: string }>(
        `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1`,
        [email.toLowerCase()],
      );
      const row = rows[0];
      const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash));
      if (!row || !ok) return null;
      const { password_hash: _, ...user } = row;
      return user;
    },

    /** Failed attempts in the throttle window for each key. */
    async recentFailures(keys: string[]): Promise<Map<string, number>> {
      const rows = await db.query<{ key: string; n: number }>(
        `SELECT key, count(*)::int AS n FROM login_failures
         WHERE key = ANY($1::text[]) AND failed_at > now() - make_interval(mins => $2) GROUP BY key`,
        [keys, THROTTLE.windowMinutes],
      );
      return new Map(rows.map((r) => [r.key, r.n]));
    },

    async recordFailure(keys: string[]): Promise<void> {
      await db.query(`INSERT INTO login_failures (key) SELECT unnest($1::text[])`, [keys]);
      // Old rows only matter for the window; prune a few each time instead of running a cron.
      await db.query(`DELETE FROM login_failures WHERE id IN (SELECT id FROM login_failures WHERE failed_at < now() - interval '1 day' LIMIT 100)`);
    },

    async clearFailures(key: string): Promise<void> {
      await db.query(`DELETE FROM login_failures WHERE key = $1`, [key]);
    },

    /** Starts a session; returns the cookie token (only its hash is stored). */
    async createSession(userId: number): Promise<string> {
      const token = newToken();
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
        [hashToken(token), userId, SESSION_DAYS],
      );
      return token;
    },

    /** The user of a live session token, or null. */
    async userBySession(token: string): Promise<User | null> {
      const rows = await db.query<User>(
        `SELECT ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [hashToken(token)],
      );
      return rows[0] ?? null;
    },

    async deleteSession(token: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE token_hash = $1 OR expires_at < now()`, [hashToken(token)]);
    },

    async unreadMessages(userId: number): Promise<number> {
      const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND read_at IS NULL`, [userId]);
      return rows[0]?.n ?? 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
