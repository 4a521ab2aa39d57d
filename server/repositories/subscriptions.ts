import type { Queryable } from '../db/types';
import { hashToken, newToken } from '../auth/tokens';

/** A subscribe request's outcome, for the mail to send: confirm (with a new link), or "already subscribed". */
export type SubscribeRequest =
  | { confirmed: false; confirmToken: string; unsubscribeToken: string }
  | { confirmed: true; unsubscribeToken: string };

/** Newsletter subscriptions per country, with double opt-in: a subscription counts once its mail link is confirmed. */
export function subscriptionsRepository(db: Queryable) {
  return {
    /**
     * Records a request for `email`: a new confirmation link unless the address is already confirmed and subscribed.
     */
    async request(q: Queryable, email: string, local: string, urlLocal: string): Promise<SubscribeRequest> {
      const confirmToken = newToken();
      const rows = await q.query<{ confirmed: boolean; unsubscribe_token: string }>(
        `INSERT INTO subscriptions AS s (email, local, url_local, unsubscribe_token, confirm_token_hash)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email, local) DO UPDATE SET
           confirm_token_hash = CASE WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL
           THEN s.confirm_token_hash ELSE EXCLUDED.confirm_token_hash END,
           url_local = CASE WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL THEN s.url_local
           ELSE EXCLUDED.url_local END
         RETURNING (s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL) AS confirmed, s.unsubscribe_token`,
        [email.toLowerCase(), local, urlLocal, newToken(), hashToken(confirmToken)],
      );
      const row = rows[0]!;
      return row.confirmed
        ? { confirmed: true, unsubscribeToken: row.unsubscribe_token }
        : { confirmed: false, confirmToken, unsubscribeToken: row.unsubscribe_token };
    },

    /** The address a confirmation link is for, or null when the link is unknown or used. */
    async pendingEmail(confirmToken: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>(`SELECT email FROM subscriptions WHERE confirm_token_hash = $1`, [
        hashToken(confirmToken),
      ]);
      return rows[0]?.email ?? null;
    },

    /** Confirms the subscription of a link (once); returns its address or null. */
    async confirm(confirmToken: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>(
        `UPDATE subscriptions SET confirmed_at = now(), subscribed_at = now(), unsubscribed_at = NULL,
           confirm_token_hash = NULL
         WHERE confirm_token_hash = $1 RETURNING email`,
        [hashToken(confirmToken)],
      );
      return rows[0]?.email ?? null;
    },

    /** The address of an unsubscribe link, or null. */
    async emailOfUnsubscribeToken(token: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>(`SELECT email FROM subscriptions WHERE unsubscribe_token = $1`, [
        token,
      ]);
      return rows[0]?.email ?? null;
    },

    /** Ends the subscription the emailed token belongs to; false when the token is unknown. */
    async unsubscribe(token: string): Promise<boolean> {
      return (await this.unsubscribeByToken(token)) !== null;
    },

    /**
     * Ends the subscription of an unsubscribe token (only that one: the token names one address in one country).
     * Null for an unknown token; `already` when it had ended before (a link used twice says so plainly).
     */
    async unsubscribeByToken(token: string): Promise<{ email: string; already: boolean } | null> {
      const rows = await db.query<{ email: string; already: boolean }>(
        `UPDATE subscriptions s SET unsubscribed_at = coalesce(s.unsubscribed_at, now()), confirm_token_hash = NULL
         FROM (SELECT email, local, unsubscribed_at IS NOT NULL AS already FROM subscriptions WHERE
           unsubscribe_token = $1) before
         WHERE s.email = before.email AND s.local = before.local
         RETURNING s.email, before.already`,
        [token],
      );
      return rows[0] ?? null;
    },

    /** The state of the subscription of an unsubscribe token, without changing it. */
    async stateOfUnsubscribeToken(token: string): Promise<{ email: string; active: boolean } | null> {
      const rows = await db.query<{ email: string; active: boolean }>(
        `SELECT email, unsubscribed_at IS NULL AND confirmed_at IS NOT NULL AS active FROM subscriptions
         WHERE unsubscribe_token = $1`,
        [token],
      );
      return rows[0] ?? null;
    },

    /**
     * A signed-in shopper turns the newsletter on from their preferences: their address was proven at sign-up, so
     * the subscription is confirmed at once (keeping its unsubscribe token).
     */
    async subscribeVerifiedIn(q: Queryable, email: string, local: string, urlLocal: string): Promise<void> {
      await q.query(
        `INSERT INTO subscriptions AS s (email, local, url_local, unsubscribe_token, confirmed_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (email, local) DO UPDATE SET
           confirmed_at = CASE WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL THEN s.confirmed_at
           ELSE now() END,
           subscribed_at = CASE WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL THEN s.subscribed_at
           ELSE now() END,
           unsubscribed_at = NULL, confirm_token_hash = NULL`,
        [email.toLowerCase(), local, urlLocal, newToken()],
      );
    },

    /** Ends every newsletter subscription of an address (the shopper turned marketing mail off). */
    async unsubscribeEmailIn(q: Queryable, email: string): Promise<void> {
      await q.query(
        `UPDATE subscriptions SET unsubscribed_at = now(), confirm_token_hash = NULL
         WHERE email = $1 AND unsubscribed_at IS NULL`,
        [email.toLowerCase()],
      );
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
