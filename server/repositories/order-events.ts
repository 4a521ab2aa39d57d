import type { Database, Queryable } from '../db/types';
import type { OrderActor, OrderEventKind } from '../schemas/order-events';

export interface OrderEventRow {
  id: string;
  order_id: string;
  kind: OrderEventKind;
  detail: Record<string, unknown>;
  actor: string;
  created_at: Date;
}

const COLUMNS = `id::text AS id, order_id::text AS order_id, kind, detail, actor, created_at`;

/** Writes one step of an order's timeline in the caller's transaction (the one that took the step). */
export async function recordOrderEventIn(
  q: Queryable,
  event: { orderId: string; kind: OrderEventKind; detail?: Record<string, unknown>; actor?: OrderActor },
): Promise<OrderEventRow> {
  const rows = await q.query<OrderEventRow>(
    `INSERT INTO order_events (order_id, kind, detail, actor) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [event.orderId, event.kind, JSON.stringify(event.detail ?? {}), event.actor ?? 'system'],
  );
  return rows[0]!;
}

/** The timeline of orders: what happened to each and when. */
export function orderEventsRepository(db: Database) {
  return {
    /** An order's steps, oldest first. */
    async forOrder(orderId: string): Promise<OrderEventRow[]> {
      if (!/^\d{1,18}$/.test(orderId)) return [];
      return db.query<OrderEventRow>(`SELECT ${COLUMNS} FROM order_events WHERE order_id = $1 ORDER BY id`, [orderId]);
    },
    /** Steps after `afterId` (oldest first, at most `limit`): how a dispatcher reads the timeline as a log. */
    async after(afterId: string, kinds: readonly OrderEventKind[], limit: number): Promise<OrderEventRow[]> {
      return db.query<OrderEventRow>(
        `SELECT ${COLUMNS} FROM order_events WHERE id > $1 AND kind = ANY($2::text[]) ORDER BY id LIMIT $3`,
        [afterId, kinds, limit],
      );
    },
  };
}
export type OrderEventsRepository = ReturnType<typeof orderEventsRepository>;
