import type { Queryable } from '../db/types';
import { hashToken, newToken } from '../auth/tokens';

/** How long the links in account mails work. */
export const TOKEN_HOURS = { register: 24, reset: 1 } as const;
/** How long a sign-in link (the second factor of an attacked account) works. */
export const SIGN_IN_LINK_MINUTES = 15;
/**
 * At most this many sign-in links of an account an hour that nobody followed. Followed links do not count, so the
 * owner is never held back; whoever else knows the password can have only a few mailed, each an alarm to the owner.
 */
export const SIGN_IN_LINKS_UNUSED_MAX = 5;

export interface RegisterToken {
  email: string;
  password_hash: string;
  nickname: string;
  url_local: string;
  redirect_url: string;
}

export interface ResetToken {
  email: string;
  user_id: number;
  url_local: string;
  redirect_url: string;
}

export interface SignInToken {
  email: string;
  user_id: number;
  url_local: string;
  redirect_url: string;
}

/**
 * One-time links of account mails. Only the token's hash is stored; a sign-up keeps its password hash here until
 * the address is confirmed, so no account exists for an address nobody confirmed.
 */
export function accountTokensRepository(db: Queryable) {
  async function create(
    q: Queryable,
    purpose: 'register' | 'reset',
    values: Partial<RegisterToken & ResetToken> & { email: string; url_local: string; redirect_url: string },
  ): Promise<string> {
    const token = newToken();
    await q.query(
      `INSERT INTO account_tokens (token_hash, purpose, email, user_id, password_hash, nickname, url_local,
         redirect_url, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(hours => $9))`,
      [
        hashToken(token),
        purpose,
        values.email,
        values.user_id ?? null,
        values.password_hash ?? null,
        values.nickname ?? null,
        values.url_local,
        values.redirect_url,
        TOKEN_HOURS[purpose],
      ],
    );
    return token;
  }

  async function peek<T>(purpose: string, token: string, columns: string): Promise<T | null> {
    const rows = await db.query<T>(
      `SELECT ${columns} FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL
         AND expires_at > now()`,
      [hashToken(token), purpose],
    );
    return rows[0] ?? null;
  }

  async function consume<T>(q: Queryable, purpose: string, token: string, columns: string): Promise<T | null> {
    const rows = await q.query<T>(
      `UPDATE account_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING ${columns}`,
      [hashToken(token), purpose],
    );
    return rows[0] ?? null;
  }

  const REGISTER_COLUMNS = 'email, password_hash, nickname, url_local, redirect_url';
  const RESET_COLUMNS = 'email, user_id, url_local, redirect_url';
  const SIGN_IN_COLUMNS = 'email, user_id, url_local, redirect_url';

  return {
    createRegistration: (q: Queryable, input: RegisterToken) => create(q, 'register', input),
    createReset: (q: Queryable, input: ResetToken) => create(q, 'reset', input),
    /** The pending sign-up of a link, without using it (the confirmation page shows the address). */
    peekRegistration: (token: string) => peek<RegisterToken>('register', token, REGISTER_COLUMNS),
    peekReset: (token: string) => peek<ResetToken>('reset', token, RESET_COLUMNS),
    /** Uses a link once: a second use, even in parallel, finds nothing. */
    consumeRegistration: (q: Queryable, token: string) =>
      consume<RegisterToken>(q, 'register', token, REGISTER_COLUMNS),
    consumeReset: (q: Queryable, token: string) => consume<ResetToken>(q, 'reset', token, RESET_COLUMNS),
    /**
     * A sign-in link for the browser holding `browser` (the value of its sign-in cookie; only its hash is kept), or
     * null when the account has SIGN_IN_LINKS_UNUSED_MAX unfollowed links of the last hour. Pass a transaction: the
     * lock keeps parallel sign-ins from passing the count together.
     */
    async createSignIn(q: Queryable, input: SignInToken & { browser: string }): Promise<string | null> {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`sign-in-link:${input.email}`]);
      const unused = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM account_tokens WHERE email = $1 AND purpose = 'sign-in' AND used_at IS NULL
           AND created_at > now() - interval '1 hour'`,
        [input.email],
      );
      if ((unused[0]?.n ?? 0) >= SIGN_IN_LINKS_UNUSED_MAX) return null;
      const token = newToken();
      await q.query(
        `INSERT INTO account_tokens (token_hash, purpose, email, user_id, url_local, redirect_url, browser_hash,
           expires_at)
         VALUES ($1, 'sign-in', $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
        [
          hashToken(token),
          input.email,
          input.user_id,
          input.url_local,
          input.redirect_url,
          hashToken(input.browser),
          SIGN_IN_LINK_MINUTES,
        ],
      );
      return token;
    },
    /** The pending sign-in of a link, when `browser` is the browser it was mailed for. */
    async peekSignIn(token: string, browser: string): Promise<SignInToken | null> {
      const rows = await db.query<SignInToken>(
        `SELECT ${SIGN_IN_COLUMNS} FROM account_tokens
         WHERE token_hash = $1 AND purpose = 'sign-in' AND browser_hash = $2 AND used_at IS NULL
           AND expires_at > now()`,
        [hashToken(token), hashToken(browser)],
      );
      return rows[0] ?? null;
    },
    /**
     * Uses a sign-in link once, and only from the browser it was mailed for; a second use, even in parallel, finds
     * nothing.
     */
    async consumeSignIn(q: Queryable, token: string, browser: string): Promise<SignInToken | null> {
      const rows = await q.query<SignInToken>(
        `UPDATE account_tokens SET used_at = now()
         WHERE token_hash = $1 AND purpose = 'sign-in' AND browser_hash = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING ${SIGN_IN_COLUMNS}`,
        [hashToken(token), hashToken(browser)],
      );
      return rows[0] ?? null;
    },
    /** Other links of the same address and purpose stop working once one is used. */
    async retireOthers(q: Queryable, email: string, purpose: 'register' | 'reset'): Promise<void> {
      await q.query(`UPDATE account_tokens SET used_at = now() WHERE email = $1 AND purpose = $2 AND used_at IS NULL`, [
        email,
        purpose,
      ]);
    },
    async prune(): Promise<void> {
      await db.query(`DELETE FROM account_tokens WHERE expires_at < now() - interval '1 day'`);
    },
  };
}
export type AccountTokensRepository = ReturnType<typeof accountTokensRepository>;
