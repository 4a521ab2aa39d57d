import { SERIALISED_SQL } from '../devices/serialised';
import type { Database } from '../db/types';
import type { OrderState } from '../schemas/order';

/** An order line with the units already in a shipment. */
export interface FulfilmentLineRow {
  line_no: number;
  commodity_id: string;
  product_id: string;
  name: string;
  spec: string;
  quantity: number;
  shipped: number;
  /** Units are numbered (devices/serialised.ts): the shipment names each unit's IMEI or serial. */
  serialised: boolean;
}

/** An order the warehouse still has units of to ship. */
export interface PickOrderRow {
  id: string;
  url_local: string;
  local: string;
  state: OrderState;
  paid_at: Date;
  delivery_method: string;
  address: Record<string, string>;
  /** Where the next page starts: the payment time in microseconds and the order id. */
  cursor: string;
  /** A cash-on-delivery order's cash to collect (minor units, fee included); null for an order paid already. */
  cod_amount: number | null;
  currency: string;
}

/** An order as the staff search lists it. */
export interface StaffOrderListRow {
  id: string;
  url_local: string;
  local: string;
  state: OrderState;
  total: number;
  currency: string;
  email: string;
  created_at: Date;
  paid_at: Date | null;
}

/** An order as the staff's Orders tab opens it. */
export interface StaffFulfilmentRow extends StaffOrderListRow {
  delivery_method: string;
  address: Record<string, string>;
}

/** When an order became ready to pick: its payment, or a cash-on-delivery order's confirmation (paid on delivery). */
const READY_AT = 'coalesce(o.paid_at, o.processing_at)';

/** The states with units still to ship, as the warehouse's pick list reads them. */
const TO_PICK = `('paid', 'processing', 'partially_shipped')`;
/** Staff search results are a page, not an export. */
export const STAFF_ORDER_SEARCH_LIMIT = 50;

const LINE_COLUMNS = `l.line_no, l.commodity_id, l.product_id, l.name, l.spec, l.quantity,
  COALESCE((SELECT sum(s.quantity)::int FROM shipment_lines s WHERE s.order_id = l.order_id AND s.line_no = l.line_no),
    0) AS shipped,
  EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id AND p.category IN ${SERIALISED_SQL}) AS serialised`;

/**
 * Reads of orders for fulfilment: the warehouse's pick list (by payment time, with a cursor, so an order paid after a
 * page was read still comes on a later page), the staff search, and the lines with what shipped of each.
 */
export function fulfilmentOrdersRepository(db: Database) {
  const staffColumns = `o.id::text AS id, o.url_local, o.local, o.state, o.total::float8 AS total, o.currency, u.email,
    o.created_at, o.paid_at`;
  return {
    /** One order of a country for staff, with where it goes (another country's order is "not found"). */
    async staffOrder(orderId: string, local: string): Promise<StaffFulfilmentRow | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      const rows = await db.query<StaffFulfilmentRow>(
        `SELECT ${staffColumns}, o.delivery_method, o.address FROM orders o JOIN users u ON u.id = o.user_id
         WHERE o.id = $1 AND o.local = $2`,
        [orderId, local],
      );
      return rows[0] ?? null;
    },

    /**
     * Orders with units to ship, paid (a cash-on-delivery order: confirmed) after `cursor` (`<paid_at µs>.<id>`),
     * oldest first.
     */
    async toPick(cursor: string | undefined, limit: number): Promise<PickOrderRow[]> {
      const [micros = '0', id = '0'] = (cursor ?? '0.0').split('.');
      return db.query<PickOrderRow>(
        `SELECT o.id::text AS id, o.url_local, o.local, o.state, ${READY_AT} AS paid_at, o.delivery_method, o.address,
           (floor(extract(epoch FROM ${READY_AT}) * 1000000))::bigint::text || '.' || o.id::text AS cursor,
           o.currency,
           (SELECT c.amount::float8 FROM cod_orders c WHERE c.order_id = o.id AND c.state = 'open') AS cod_amount
         FROM orders o
         WHERE o.state IN ${TO_PICK} AND ${READY_AT} IS NOT NULL
           AND (floor(extract(epoch FROM ${READY_AT}) * 1000000)::bigint, o.id) > ($1::bigint, $2::bigint)
         ORDER BY floor(extract(epoch FROM ${READY_AT}) * 1000000)::bigint, o.id LIMIT $3`,
        [micros, id, limit],
      );
    },

    /** The lines of orders with the units shipped of each, by order id. */
    async lines(orderIds: readonly string[]): Promise<Map<string, FulfilmentLineRow[]>> {
      const byOrder = new Map<string, FulfilmentLineRow[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db.query<FulfilmentLineRow & { order_id: string }>(
        `SELECT l.order_id::text AS order_id, ${LINE_COLUMNS} FROM order_lines l WHERE l.order_id = ANY($1::bigint[])
         ORDER BY l.order_id, l.line_no`,
        [orderIds],
      );
      for (const { order_id, ...line } of rows) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), line]);
      return byOrder;
    },

    /**
     * Orders of one country for staff, newest first: by number (digits), by the buyer's email or its beginning
     * (anything else), or all; optionally in one state.
     */
    async search(local: string, q: string, state: OrderState | undefined): Promise<StaffOrderListRow[]> {
      const byId = /^\d{1,18}$/.test(q);
      const email = !byId && q !== '' ? `${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
      return db.query<StaffOrderListRow>(
        `SELECT ${staffColumns} FROM orders o JOIN users u ON u.id = o.user_id
         WHERE o.local = $1 AND ($2::bigint IS NULL OR o.id = $2::bigint) AND ($3::text IS NULL OR u.email LIKE $3)
           AND ($4::text IS NULL OR o.state = $4)
         ORDER BY o.created_at DESC, o.id DESC LIMIT $5`,
        [local, byId ? q : null, email, state ?? null, STAFF_ORDER_SEARCH_LIMIT],
      );
    },
  };
}
export type FulfilmentOrdersRepository = ReturnType<typeof fulfilmentOrdersRepository>;
