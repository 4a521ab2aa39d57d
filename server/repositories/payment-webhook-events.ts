import type { Database } from '../db/types';

/**
 * The provider webhook events the store handled, by provider and event id: a replay (a provider's retry, or a
 * captured webhook sent again inside the timestamp window) is recognised and not handled twice.
 */
export function paymentWebhookEventsRepository(db: Database) {
  return {
    /** Claims an event for handling: false when it was claimed before (a replay). */
    async claim(provider: string, eventId: string, reference: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO payment_webhook_events (provider, event_id, reference) VALUES ($1, $2, $3)
         ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
        [provider, eventId, reference],
      );
      return rows.length > 0;
    },

    /** Gives a claim back when handling failed, so the provider's retry is handled. */
    async release(provider: string, eventId: string): Promise<void> {
      await db.query(`DELETE FROM payment_webhook_events WHERE provider = $1 AND event_id = $2`, [provider, eventId]);
    },
  };
}

export type PaymentWebhookEventsRepository = ReturnType<typeof paymentWebhookEventsRepository>;
