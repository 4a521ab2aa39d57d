import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { batched } from '../db/batched';
import { verifyPassword, dummyHash } from '../auth/password';
import { hashToken, newToken } from '../auth/tokens';

export interface User {
  id: number;
  email: string;
  nickname: string;
  c_user_id: string;
  icon: string | null;
  received_join_tokens: boolean;
  /** The role: 'staff' reach the support console; everyone else is a shopper. */
  role: 'shopper' | 'staff' | 'release_manager';
}

const USER_COLUMNS = 'u.id, u.email, u.nickname, u.c_user_id, u.icon, u.received_join_tokens, u.role';
export const SESSION_DAYS = 30;
/** A browser stays trusted for an account this long after its last sign-in. */
export const TRUSTED_DEVICE_DAYS = 365;
/** A session's last use (the device list) is refreshed when it is older than this. */
export const SESSION_TOUCH_MINUTES = 5;

/** The sign-in address of a user in the caller's transaction (where an order's mails go), or null. */
export async function userEmailIn(q: Queryable, userId: number): Promise<string | null> {
  return (await q.query<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [userId]))[0]?.email ?? null;
}

/** Accounts, sessions and trusted devices. */
export function usersRepository(db: Database) {
  const sessionUser = batched(
    async (hashes: string[]): Promise<(User | null)[]> => {
      const rows = await db.query<User & { token_hash: string; stale: boolean }>(
        `SELECT s.token_hash, ${USER_COLUMNS}, s.last_used_at < now() - make_interval(mins => $2) AS stale
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = ANY($1::text[]) AND s.expires_at > now()`,
        [hashes, SESSION_TOUCH_MINUTES],
      );
      // The device list shows the last use; written at most every few minutes, not on every call.
      const stale = rows.filter((r) => r.stale).map((r) => r.token_hash);
      if (stale.length > 0)
        await db.query(`UPDATE sessions SET last_used_at = now() WHERE token_hash = ANY($1::text[])`, [stale]);
      const users = new Map(rows.map(({ token_hash, stale: _, ...user }) => [token_hash, user as User]));
      return hashes.map((h) => users.get(h) ?? null);
    },
    { maxBatch: 200, inFlight: 2 },
  );

  return {
    /** The id of the account with this email (lower-cased), or null. */
    async idByEmail(email: string): Promise<number | null> {
      const rows = await db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email.toLowerCase()]);
      return rows[0]?.id ?? null;
    },

    /**
     * Creates an account from a confirmed sign-up (with a welcome message); null when the email got an account
     * in the meantime.
     */
    async create(
      q: Queryable,
      input: { email: string; passwordHash: string; nickname: string; welcome?: { title: string; body: string } },
    ): Promise<User | null> {
      const rows = await q.query<User>(
        `INSERT INTO users AS u (email, password_hash, nickname, c_user_id, received_join_tokens)
         VALUES ($1, $2, $3, $4, true) ON CONFLICT (email) DO NOTHING RETURNING ${USER_COLUMNS}`,
        [input.email.toLowerCase(), input.passwordHash, input.nickname, randomBytes(9).toString('base64url')],
      );
      const user = rows[0];
      if (!user) return null;
      // A system message (always delivered), in the sign-up storefront's language when the caller gives it.
      await q.query(`INSERT INTO messages (user_id, kind, title, body) VALUES ($1, 'system', $2, $3)`, [
        user.id,
        input.welcome?.title ?? 'Welcome',
        input.welcome?.body ?? 'Thanks for joining. Your joining tokens have been added to your account.',
      ]);
      return user;
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

    async byId(q: Queryable, id: number): Promise<User | null> {
      const rows = await q.query<User>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
      return rows[0] ?? null;
    },

    /** Sets a new password and ends every session of the account (a reset locks out whoever else was in). */
    async setPassword(q: Queryable, userId: number, passwordHash: string): Promise<void> {
      await q.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
      await q.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
    },

    /** Starts a session; returns the cookie token (only its hash is stored). */
    async createSession(userId: number, q: Queryable = db): Promise<string> {
      const token = newToken();
      await q.query(
        `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
        [hashToken(token), userId, SESSION_DAYS],
      );
      return token;
    },

    /** The user of a live session token, or null. */
    /**
     * The signed-in account of a session token, or null. Every request of a signed-in shopper asks this, so the
     * lookups of requests arriving together leave as one statement (a sale's start second is thousands of them).
     */
    userBySession: (token: string): Promise<User | null> => sessionUser(hashToken(token)),

    async deleteSession(token: string): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE token_hash = $1`, [hashToken(token)]);
    },

    /** True when this browser signed in to the account before (and not too long ago). */
    async isTrustedDevice(deviceToken: string, userId: number): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND user_id = $2
           AND last_used_at > now() - make_interval(days => $3)`,
        [hashToken(deviceToken), userId, TRUSTED_DEVICE_DAYS],
      );
      return rows.length > 0;
    },

    /** Remembers (or refreshes) a browser that just signed in to the account. */
    async trustDevice(deviceToken: string, userId: number): Promise<void> {
      await db.query(
        `INSERT INTO trusted_devices (token_hash, user_id) VALUES ($1, $2)
         ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = now()`,
        [hashToken(deviceToken), userId],
      );
    },

    async unreadMessages(userId: number): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND read_at IS NULL`,
        [userId],
      );
      return rows[0]?.n ?? 0;
    },

    /** Expired sessions and long-unused devices. */
    async prune(): Promise<void> {
      await db.query(`DELETE FROM sessions WHERE expires_at < now()`);
      await db.query(`DELETE FROM trusted_devices WHERE last_used_at < now() - make_interval(days => $1)`, [
        TRUSTED_DEVICE_DAYS,
      ]);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
