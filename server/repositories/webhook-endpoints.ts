import type { Database } from '../db/types';
import type { WebhookEventKind } from '../schemas/order-events';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpointView } from '../schemas/webhooks';

/** How long the secret before a rotation still signs beside the new one, so a receiver can switch without gaps. */
export const PREVIOUS_SECRET_HOURS = 24;

const VIEW = `e.id::text AS id, e.url, e.description, e.kinds, e.countries, e.active,
  right(e.secret, 4) AS secret_hint, e.created_at,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state IN ('pending', 'sending'))
    AS pending,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'failed') AS failed,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'delivered') AS delivered`;

type EndpointRow = Omit<WebhookEndpointView, 'created_at'> & { created_at: Date };

/** What an endpoint is sent: its kinds and countries (the dispatcher matches events against them). */
export interface EndpointFilter {
  id: string;
  kinds: WebhookEventKind[];
  countries: string[];
}

export interface EndpointChange {
  url?: string;
  kinds?: readonly WebhookEventKind[];
  countries?: readonly string[];
  description?: string;
  active?: boolean;
}

const ID = /^\d{1,18}$/;

const shown = (row: EndpointRow): WebhookEndpointView => ({ ...row, created_at: row.created_at.toISOString() });

/** The endpoints staff configure: where order events are posted, which ones, and the secret they are signed with. */
export function webhookEndpointsRepository(db: Database) {
  async function view(id: string): Promise<WebhookEndpointView | null> {
    if (!ID.test(id)) return null;
    const rows = await db.query<EndpointRow>(`SELECT ${VIEW} FROM webhook_endpoints e WHERE e.id = $1`, [id]);
    return rows[0] ? shown(rows[0]) : null;
  }
  return {
    view,
    /** Every endpoint, oldest first, with its deliveries counted by state. */
    list: async () => (await db.query<EndpointRow>(`SELECT ${VIEW} FROM webhook_endpoints e ORDER BY e.id`)).map(shown),
    /** The active endpoints, for matching events. */
    active: () =>
      db.query<EndpointFilter>(
        `SELECT id::text AS id, kinds, countries FROM webhook_endpoints WHERE active ORDER BY id`,
      ),
    /**
     * Adds an endpoint unless the store has WEBHOOK_ENDPOINTS_MAX already (null then); the count and the insert are
     * one step under a table lock, so parallel adds never pass the limit.
     */
    async create(e: {
      url: string;
      kinds: readonly WebhookEventKind[];
      countries: readonly string[];
      description: string;
      secret: string;
      createdBy: number | null;
    }): Promise<WebhookEndpointView | null> {
      const id = await db.transaction(async (tx) => {
        await tx.query('LOCK TABLE webhook_endpoints IN SHARE ROW EXCLUSIVE MODE');
        const rows = await tx.query<{ id: string }>(
          `INSERT INTO webhook_endpoints (url, kinds, countries, description, secret, created_by)
           SELECT $1, $2::text[], $3::text[], $4, $5, $6
            WHERE (SELECT count(*) FROM webhook_endpoints) < $7
           RETURNING id::text AS id`,
          [e.url, e.kinds, e.countries, e.description, e.secret, e.createdBy, WEBHOOK_ENDPOINTS_MAX],
        );
        return rows[0]?.id ?? null;
      });
      return id ? view(id) : null;
    },
    /** Changes what was given; null when there is no such endpoint. */
    async update(id: string, c: EndpointChange): Promise<WebhookEndpointView | null> {
      if (!ID.test(id)) return null;
      const rows = await db.query<{ id: string }>(
        `UPDATE webhook_endpoints SET
           url = coalesce($2, url), kinds = coalesce($3::text[], kinds), countries = coalesce($4::text[], countries),
           description = coalesce($5, description), active = coalesce($6, active), updated_at = now()
         WHERE id = $1 RETURNING id::text AS id`,
        [id, c.url ?? null, c.kinds ?? null, c.countries ?? null, c.description ?? null, c.active ?? null],
      );
      return rows[0] ? view(id) : null;
    },
    /** A new secret; the one it replaces keeps signing beside it for PREVIOUS_SECRET_HOURS. */
    async rotate(id: string, secret: string): Promise<WebhookEndpointView | null> {
      if (!ID.test(id)) return null;
      const rows = await db.query<{ id: string }>(
        `UPDATE webhook_endpoints SET previous_secret = secret, secret = $2,
           previous_secret_until = now() + make_interval(hours => $3), updated_at = now()
         WHERE id = $1 RETURNING id::text AS id`,
        [id, secret, PREVIOUS_SECRET_HOURS],
      );
      return rows[0] ? view(id) : null;
    },
  };
}
export type WebhookEndpointsRepository = ReturnType<typeof webhookEndpointsRepository>;
