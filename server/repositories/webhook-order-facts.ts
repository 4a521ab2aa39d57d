import type { Database } from '../db/types';

/** What a warehouse needs of an order: its amounts, address, lines and shipments. */
export interface OrderFacts {
  id: string;
  local: string;
  url_local: string;
  state: string;
  currency: string;
  items_total: number;
  discount: number;
  shipping_fee: number;
  tax: number;
  total: number;
  delivery_method: string;
  address: Record<string, unknown>;
  lines: {
    line_no: number;
    commodity_id: string;
    name: string;
    spec: string;
    quantity: number;
    unit_price: number;
    subtotal: number;
  }[];
  shipments: {
    reference: string;
    carrier: string;
    tracking_number: string;
    shipped_at: string;
    delivered_at: string | null;
    lines: { line_no: number; quantity: number }[];
  }[];
}

/** Reads the orders that webhook bodies describe (read only: the rows belong to orders and shipments). */
export function webhookOrderFactsRepository(db: Database) {
  return {
    /** The facts of each order, by id (orders that no longer exist are absent). */
    async byIds(ids: readonly string[]): Promise<Map<string, OrderFacts>> {
      if (ids.length === 0) return new Map();
      const rows = await db.query<OrderFacts>(
        `SELECT o.id::text AS id, o.local, o.url_local, o.state, o.currency,
                o.items_total::float8 AS items_total, o.discount::float8 AS discount,
                o.shipping_fee::float8 AS shipping_fee, o.tax::float8 AS tax, o.total::float8 AS total,
                o.delivery_method, o.address,
                coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', l.line_no, 'commodity_id', l.commodity_id,
                          'name', l.name, 'spec', l.spec, 'quantity', l.quantity, 'unit_price', l.unit_price,
                          'subtotal', l.subtotal) ORDER BY l.line_no)
                            FROM order_lines l WHERE l.order_id = o.id), '[]') AS lines,
                coalesce((SELECT jsonb_agg(jsonb_build_object('reference', s.reference, 'carrier', s.carrier,
                          'tracking_number', s.tracking_number,
                          'shipped_at', to_char(s.shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'delivered_at', to_char(s.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                          'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('line_no', sl.line_no,
                                     'quantity', sl.quantity) ORDER BY sl.line_no)
                                       FROM shipment_lines sl WHERE sl.shipment_id = s.id), '[]')) ORDER BY s.id)
                            FROM shipments s WHERE s.order_id = o.id), '[]') AS shipments
           FROM orders o WHERE o.id = ANY($1::bigint[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type WebhookOrderFactsRepository = ReturnType<typeof webhookOrderFactsRepository>;
