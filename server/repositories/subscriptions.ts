import type { Queryable } from '../db/types';
import { hashToken, newToken } from '../auth/tokens';

/** A subscribe request's outcome, for the mail to send: confirm (with a new link), or "already subscribed". */
export type SubscribeRequest =
  | { confirmed: false; confirmToken: string; unsubscribeToken: string }
  | { confirmed: true; unsubscribeToken: string };

/** Newsletter subscriptions per country, with double opt-in: a subscription counts once its mail link is confirmed. */
export function subscriptionsRepository(db: Queryable) {
  return {
    /** Records a request for `email`: a new confirmation link unless the address is already confirmed and subscribed. */
    async request(q: Queryable, email: string, local: string, urlLocal: string): Promise<SubscribeRequest> {
      const confirmToken = newToken();
      const rows = await q.query<{ confirmed: boolean; unsubscribe_token: string }>(
        `INSERT INTO subscriptions AS s (email, local, url_local, unsubscribe_token, confirm_token_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email, local) DO UPDATE SET
           confirm_token_hash = CASE WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL THEN s.confirm_token_hash ELSE EXCLUDED.confirm_token_hash END,
           url_local = CASE WHEN s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL THEN s.url_local ELSE EXCLUDED.url_local END
         RETURNING (s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL) AS confirmed, s.unsubscribe_token`,
        [email.toLowerCase(), local, urlLocal, newToken(), hashToken(confirmToken)],
      );
      const row = rows[0]!;
      return row.confirmed ? { confirmed: true, unsubscribeToken: row.unsubscribe_token } : { confirmed: false, confirmToken, unsubscribeToken: row.unsubscribe_token };
    },

    /** The address a confirmation link is for, or null when the link is unknown or used. */
    async pendingEmail(confirmToken: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>(`SELECT email FROM subscriptions WHERE confirm_token_hash = $1`, [hashToken(confirmToken)]);
      return rows[0]?.email ?? null;
    },

    /** Confirms the subscription of a link (once); returns its address or null. */
    async confirm(confirmToken: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>(
        `UPDATE subscriptions SET confirmed_at = now(), subscribed_at = now(), unsubscribed_at = NULL, confirm_token_hash = NULL
         WHERE confirm_token_hash = $1 RETURNING email`,
        [hashToken(confirmToken)],
      );
      return rows[0]?.email ?? null;
    },

    /** The address of an unsubscribe link, or null. */
    async emailOfUnsubscribeToken(token: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>(`SELECT email FROM subscriptions WHERE unsubscribe_token = $1`, [token]);
      return rows[0]?.email ?? null;
    },

    /** Ends the subscription the emailed token belongs to; false when the token is unknown. */
    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_token_hash = NULL WHERE unsubscribe_token = $1 RETURNING email`,
        [token],
      );
      return rows.length > 0;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
