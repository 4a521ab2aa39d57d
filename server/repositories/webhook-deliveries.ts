import type { Database } from '../db/types';
import type { WebhookEventKind } from '../schemas/order-events';
import type { WebhookDeliveryState, WebhookDeliveryView } from '../schemas/webhooks';

type DeliveryRow = Omit<
  WebhookDeliveryView,
  'next_attempt_at' | 'last_attempt_at' | 'delivered_at' | 'created_at' | 'kind'
> & {
  kind: WebhookEventKind;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
};

const VIEW = `id::text AS id, event_id::text AS event_id, kind, order_id::text AS order_id, state, attempts,
  CASE WHEN state IN ('pending', 'sending') THEN next_attempt_at END AS next_attempt_at, last_attempt_at,
  last_status, last_error, delivered_at, created_at`;

/** A delivery to make: one event for one endpoint, with the body every attempt sends. */
export interface NewDelivery {
  endpointId: string;
  eventId: string;
  orderId: string;
  kind: WebhookEventKind;
  body: string;
}

/** A delivery claimed for one attempt: where it goes, what it sends, the secrets it is signed with. */
export interface ClaimedDelivery {
  id: string;
  claim: string;
  event_id: string;
  url: string;
  body: string;
  attempts: number;
  secrets: string[];
}

/** How an attempt ended. */
export type AttemptOutcome =
  | { result: 'delivered'; status: number }
  | { result: 'retry'; status: number | null; error: string; delayMs: number }
  | { result: 'failed'; status: number | null; error: string };

const ID = /^\d{1,18}$/;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const shown = (r: DeliveryRow): WebhookDeliveryView => ({
  ...r,
  next_attempt_at: iso(r.next_attempt_at),
  last_attempt_at: iso(r.last_attempt_at),
  delivered_at: iso(r.delivered_at),
  created_at: r.created_at.toISOString(),
});

/**
 * Deliveries of order events to webhook endpoints, and the cursor of the timeline they are made from. The rows are
 * both the log staff read and the queue the sender takes from.
 */
export function webhookDeliveriesRepository(db: Database) {
  return {
    /**
     * The newest timeline id below which nothing can still appear: ids are taken when a step is written but become
     * visible at its commit, so a step written by a slower transaction can show up below one already read. A SHARE
     * lock waits for those writers to finish (and holds new ones back only while max(id) is read), so every id up to
     * the answer is committed or never will be. Null when writers hold the table past the lock timeout (try later).
     */
    async highWaterMark(): Promise<string | null> {
      try {
        return await db.transaction(async (tx) => {
          await tx.query(`SET LOCAL lock_timeout = '2s'`);
          await tx.query('LOCK TABLE order_events IN SHARE MODE');
          const rows = await tx.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM order_events`);
          return rows[0]!.id;
        });
      } catch (error) {
        if ((error as { code?: string }).code === '55P03') return null;
        throw error;
      }
    },
    /**
     * Whether the timeline has a step past the cursor (one statement, no lock: what an idle run costs). A step still
     * being written is not seen yet, and it is seen by a later run, since its id is above the cursor.
     */
    async hasNew(): Promise<boolean> {
      const rows = await db.query<{ ahead: boolean }>(
        `SELECT (SELECT coalesce(max(id), 0) FROM order_events) > event_id AS ahead FROM webhook_cursor`,
      );
      return rows[0]?.ahead ?? false;
    },
    /** The last timeline id the dispatcher has made deliveries for. */
    async cursor(): Promise<string> {
      const rows = await db.query<{ id: string }>(`SELECT event_id::text AS id FROM webhook_cursor`);
      return rows[0]?.id ?? '0';
    },
    /**
     * Makes the deliveries and moves the cursor from `from` to `to` in one transaction, under the cursor's row lock;
     * false (nothing written) when another run moved it first, so events are never handed out twice.
     */
    async advance(from: string, to: string, deliveries: readonly NewDelivery[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ id: string }>(`SELECT event_id::text AS id FROM webhook_cursor FOR UPDATE`);
        if (rows[0]?.id !== from) return false;
        if (deliveries.length > 0)
          await tx.query(
            `INSERT INTO webhook_deliveries (endpoint_id, event_id, order_id, kind, body)
             SELECT d.endpoint_id, d.event_id, d.order_id, d.kind, d.body
               FROM jsonb_to_recordset($1::jsonb)
                    AS d(endpoint_id bigint, event_id bigint, order_id bigint, kind text, body text)
             ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
            [
              JSON.stringify(
                deliveries.map((d) => ({
                  endpoint_id: d.endpointId,
                  event_id: d.eventId,
                  order_id: d.orderId,
                  kind: d.kind,
                  body: d.body,
                })),
              ),
            ],
          );
        await tx.query(`UPDATE webhook_cursor SET event_id = $1`, [to]);
        return true;
      });
    },
    /**
     * Claims up to `limit` deliveries due now for one attempt each, on active endpoints: waiting ones whose time has
     * come, and ones left `sending` past their lease by a process that died. The lease covers the attempt's timeout.
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      return db.query<ClaimedDelivery>(
        `WITH due AS (
           SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.active
            WHERE (d.state = 'pending' AND d.next_attempt_at <= now())
               OR (d.state = 'sending' AND d.locked_until < now())
            ORDER BY d.next_attempt_at, d.id
            LIMIT $1
            FOR UPDATE OF d SKIP LOCKED)
         UPDATE webhook_deliveries d
            SET state = 'sending', attempts = d.attempts + 1, claim = gen_random_uuid(), last_attempt_at = now(),
                locked_until = now() + make_interval(secs => $2::double precision / 1000)
           FROM due, webhook_endpoints e
          WHERE d.id = due.id AND e.id = d.endpoint_id
         RETURNING d.id::text AS id, d.claim::text AS claim, d.event_id::text AS event_id, e.url, d.body, d.attempts,
           CASE WHEN e.previous_secret IS NOT NULL AND e.previous_secret_until > now()
                THEN ARRAY[e.secret, e.previous_secret] ELSE ARRAY[e.secret] END AS secrets`,
        [limit, leaseMs],
      );
    },
    /**
     * Records how an attempt ended, if the delivery is still under this claim (a process whose lease ran out and whose
     * delivery was claimed again records nothing).
     */
    async finish(id: string, claim: string, outcome: AttemptOutcome): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE webhook_deliveries SET
           state = $3, claim = NULL, locked_until = NULL, last_status = $4, last_error = $5,
           delivered_at = CASE WHEN $3 = 'delivered' THEN now() END,
           next_attempt_at = CASE WHEN $3 = 'pending'
             THEN now() + make_interval(secs => $6::double precision / 1000) ELSE next_attempt_at END
         WHERE id = $1 AND claim = $2::uuid AND state = 'sending'
         RETURNING id::text AS id`,
        [
          id,
          claim,
          outcome.result === 'retry' ? 'pending' : outcome.result,
          outcome.status,
          outcome.result === 'delivered' ? null : outcome.error.slice(0, 300),
          outcome.result === 'retry' ? outcome.delayMs : 0,
        ],
      );
      return rows.length > 0;
    },
    /** An endpoint's deliveries, newest first, optionally in one state and before a delivery (paging). */
    async forEndpoint(
      endpointId: string,
      filter: { state?: WebhookDeliveryState; before?: string; limit: number },
    ): Promise<WebhookDeliveryView[]> {
      const rows = await db.query<DeliveryRow>(
        `SELECT ${VIEW} FROM webhook_deliveries
          WHERE endpoint_id = $1 AND ($2::text IS NULL OR state = $2) AND ($3::bigint IS NULL OR id < $3)
          ORDER BY id DESC LIMIT $4`,
        [endpointId, filter.state ?? null, filter.before ?? null, filter.limit],
      );
      return rows.map(shown);
    },
    /**
     * Sends a delivery again now, with a fresh run of attempts (staff's resend: after a failure, or a receiver that
     * lost what it got). Refused while an attempt is under way.
     */
    async resend(id: string): Promise<WebhookDeliveryView | 'not_found' | 'in_flight'> {
      if (!ID.test(id)) return 'not_found';
      const rows = await db.query<DeliveryRow>(
        `UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = now()
          WHERE id = $1 AND state <> 'sending' RETURNING ${VIEW}`,
        [id],
      );
      if (rows[0]) return shown(rows[0]);
      const exists = await db.query(`SELECT 1 FROM webhook_deliveries WHERE id = $1`, [id]);
      return exists.length > 0 ? 'in_flight' : 'not_found';
    },
  };
}
export type WebhookDeliveriesRepository = ReturnType<typeof webhookDeliveriesRepository>;
