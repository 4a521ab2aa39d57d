import type { Queryable } from '../db/types';
import { newToken } from '../auth/tokens';

export type SubscribeResult = 'subscribed' | 'already_subscribed' | 'resubscribed';

/** Newsletter subscriptions per country. */
export function subscriptionsRepository(db: Queryable) {
  return {
    async subscribe(email: string, local: string, urlLocal: string): Promise<SubscribeResult> {
      const rows = await db.query<{ inserted: boolean; was_unsubscribed: boolean }>(
        `INSERT INTO subscriptions AS s (email, local, url_local, unsubscribe_token) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email, local) DO UPDATE SET unsubscribed_at = NULL, subscribed_at = CASE WHEN s.unsubscribed_at IS NULL THEN s.subscribed_at ELSE now() END
         RETURNING (xmax = 0) AS inserted, (SELECT unsubscribed_at IS NOT NULL FROM subscriptions WHERE email = $1 AND local = $2) AS was_unsubscribed`,
        [email.toLowerCase(), local, urlLocal, newToken()],
      );
      const row = rows[0];
      if (!row || row.inserted) return 'subscribed';
      return row.was_unsubscribed ? 'resubscribed' : 'already_subscribed';
    },

    /** Ends the subscription the emailed token belongs to; false when the token is unknown. */
    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE unsubscribe_token = $1 RETURNING email`,
        [token],
      );
      return rows.length > 0;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
