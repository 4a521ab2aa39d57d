import type { Database, Queryable } from '../db/types';
import type { ReturnReason } from '../schemas/returns';
import type { RequestState } from '../schemas/after-sales';
import { GIFT_CARD_PRODUCT_ID } from '../../sites/gift-cards';
import { UNATTACHED_UPLOAD } from './upload-attachments';

/**
 * Returns: the return side of after-sales requests (service_requests of kind 'return', their return_lines, files and
 * schedule). Every write runs in the caller's transaction (server/returns/), which also records the order's steps.
 */

/** The order a return is asked against, as far as returns need it. */
export interface ReturnOrderRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  state: string;
  kind: string;
  currency: string;
  total: number;
  items_total: number;
  discount: number;
  shipping_fee: number;
  tax_inclusive: boolean;
  vat_exempt: boolean;
  paid_at: Date | null;
}

/** A line of the order with what was delivered and what is already returned or asked back. */
export interface ReturnableLineRow {
  line_no: number;
  commodity_id: string;
  product_id: string;
  name: string;
  spec: string;
  image: string;
  quantity: number;
  subtotal: number;
  refurbished: boolean;
  delivered: number;
  /** Units in returns not withdrawn (asked back, being assessed, accepted or refused). */
  claimed: number;
  /** Units of accepted returns. */
  returned: number;
  delivered_at: Date | null;
}

/** A return request with what returns add to it. */
export interface ReturnRow {
  id: string;
  request_no: string;
  user_id: number;
  order_id: string;
  kind: string;
  state: RequestState;
  url_local: string;
  return_reason: ReturnReason;
  pickup_by: string | null;
  pickup_on: string | null;
  picked_up_at: Date | null;
  assessed_at: Date | null;
  refusal_reason: string | null;
  ship_back_by: Date | null;
  ship_back_carrier: string | null;
  ship_back_tracking: string | null;
  shipped_back_at: Date | null;
  refund_amount: number | null;
  refunded_at: Date | null;
  currency: string;
}

export interface ReturnLineRow {
  line_no: number;
  commodity_id: string;
  name: string;
  spec: string;
  quantity: number;
  /** The order line's own quantity and subtotal (what the refund is a share of). */
  line_quantity: number;
  subtotal: number;
}

const ORDER_COLUMNS = `id::text AS id, user_id, local, url_local, state, kind, currency, total::float8 AS total,
  items_total::float8 AS items_total, discount::float8 AS discount, shipping_fee::float8 AS shipping_fee, tax_inclusive,
  vat_exempt, paid_at`;
const RETURN_COLUMNS = `r.id::text AS id, r.request_no, r.user_id, r.order_id::text AS order_id, r.kind, r.state,
  r.url_local, r.return_reason, to_char(r.pickup_by, 'YYYY-MM-DD') AS pickup_by,
  to_char(r.pickup_on, 'YYYY-MM-DD') AS pickup_on, r.picked_up_at, r.assessed_at, r.refusal_reason, r.ship_back_by,
  r.ship_back_carrier, r.ship_back_tracking, r.shipped_back_at, r.refund_amount::float8 AS refund_amount,
  r.refunded_at, o.currency`;
/** States of a return whose units count as claimed: all but a withdrawn one. */
const CLAIMING = `r.state <> 'cancelled'`;
const isId = (id: string) => /^\d{1,18}$/.test(id);

/**
 * The lines of an order with what each can give back: delivered units (the shipments marked delivered, or every unit
 * once the order is delivered), units claimed by returns, and when the line arrived.
 */
export async function returnableLinesIn(q: Queryable, orderId: string): Promise<ReturnableLineRow[]> {
  return q.query<ReturnableLineRow>(
    `SELECT l.line_no, l.commodity_id, l.product_id, l.name, l.spec, l.image, l.quantity,
            l.subtotal::float8 AS subtotal,
            coalesce(p.category = 'refurbished' OR p.data ? 'refurbished', false) AS refurbished,
            CASE WHEN o.state = 'delivered' THEN l.quantity ELSE least(l.quantity, coalesce(d.units, 0)) END::int
              AS delivered,
            coalesce(c.claimed, 0)::int AS claimed, coalesce(c.returned, 0)::int AS returned,
            CASE WHEN o.state = 'delivered' THEN coalesce(d.last_at, o.delivered_at) ELSE d.last_at END AS delivered_at
     FROM orders o
     JOIN order_lines l ON l.order_id = o.id
     LEFT JOIN products p ON p.id = l.product_id
     LEFT JOIN LATERAL (
       SELECT sum(sl.quantity) AS units, max(s.delivered_at) AS last_at
       FROM shipment_lines sl JOIN shipments s ON s.id = sl.shipment_id
       WHERE sl.order_id = l.order_id AND sl.line_no = l.line_no AND s.delivered_at IS NOT NULL
     ) d ON true
     LEFT JOIN LATERAL (
       SELECT sum(rl.quantity) AS claimed, sum(rl.quantity) FILTER (WHERE r.state = 'completed') AS returned
       FROM return_lines rl JOIN service_requests r ON r.id = rl.request_id
       WHERE rl.order_id = l.order_id AND rl.line_no = l.line_no AND ${CLAIMING}
     ) c ON true
     WHERE o.id = $1 AND l.product_id <> $2
     ORDER BY l.line_no`,
    [orderId, GIFT_CARD_PRODUCT_ID],
  );
}

/** The shopper's order in this country; `lock` holds its row so parallel returns of it queue. */
export async function returnOrderIn(
  q: Queryable,
  orderId: string,
  owner: { userId: number; local: string } | null,
  lock = false,
): Promise<ReturnOrderRow | null> {
  if (!isId(orderId)) return null;
  const rows = await q.query<ReturnOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 ${owner ? 'AND user_id = $2 AND local = $3' : ''}
     ${lock ? 'FOR UPDATE' : ''}`,
    owner ? [orderId, owner.userId, owner.local] : [orderId],
  );
  return rows[0] ?? null;
}

export interface NewReturn {
  userId: number;
  order: ReturnOrderRow;
  urlLocal: string;
  /** The first line names the request in lists (its product); all lines are in return_lines. */
  lines: readonly (Pick<ReturnableLineRow, 'line_no' | 'commodity_id' | 'product_id' | 'name'> & { units: number })[];
  reason: ReturnReason;
  description: string;
  uploadIds: readonly string[];
  pickUpWithinDays: number;
}

/**
 * Writes a return request with its lines, attaches its files and opens its schedule. Null when a file is not the
 * shopper's or already used (the caller rolls back).
 */
export async function insertReturnIn(q: Queryable, input: NewReturn): Promise<ReturnRow | null> {
  const first = input.lines[0]!;
  const made = (
    await q.query<{ id: string }>(
      // The id and number come from the keyed permutation of migration 026, as for every after-sales request.
      `INSERT INTO service_requests (id, request_no, user_id, local, url_local, order_id, commodity_id, product_id,
         product_name, kind, model, purchase_date, description, state, return_reason, pickup_by)
       SELECT n.new_id, n.request_no, $1, $2, $3, $4, $5, $6, $7, 'return', $7,
              coalesce($8::timestamptz, now())::date, $9, 'submitted', $10,
              (now() AT TIME ZONE 'UTC')::date + $11::int
       FROM new_service_request_number() n
       RETURNING id::text AS id`,
      [
        input.userId,
        input.order.local,
        input.urlLocal,
        input.order.id,
        first.commodity_id,
        first.product_id,
        first.name,
        input.order.paid_at,
        input.description,
        input.reason,
        input.pickUpWithinDays,
      ],
    )
  )[0]!;
  for (const line of input.lines)
    await q.query(`INSERT INTO return_lines (request_id, order_id, line_no, quantity) VALUES ($1, $2, $3, $4)`, [
      made.id,
      input.order.id,
      line.line_no,
      line.units,
    ]);
  const attached = await q.query(
    `UPDATE uploads SET request_id = $1 WHERE id = ANY($2::uuid[]) AND user_id = $3
       AND ${UNATTACHED_UPLOAD} RETURNING id`,
    [made.id, input.uploadIds, input.userId],
  );
  if (attached.length !== new Set(input.uploadIds).size) return null;
  await q.query(`INSERT INTO service_request_events (request_id, state) VALUES ($1, 'submitted')`, [made.id]);
  return returnIn(q, made.id, false);
}

/** One return request (kind 'return'), locked for a staff step when asked. */
export async function returnIn(q: Queryable, id: string, lock: boolean): Promise<ReturnRow | null> {
  if (!isId(id)) return null;
  return (
    (
      await q.query<ReturnRow>(
        `SELECT ${RETURN_COLUMNS} FROM service_requests r JOIN orders o ON o.id = r.order_id
         WHERE r.id = $1 AND r.kind = 'return' ${lock ? 'FOR UPDATE OF r' : ''}`,
        [id],
      )
    )[0] ?? null
  );
}

/** The lines of a return with the order lines they come from. */
export async function returnLinesIn(q: Queryable, id: string): Promise<ReturnLineRow[]> {
  return q.query<ReturnLineRow>(
    `SELECT rl.line_no, l.commodity_id, l.name, l.spec, rl.quantity, l.quantity AS line_quantity,
            l.subtotal::float8 AS subtotal
     FROM return_lines rl JOIN order_lines l ON l.order_id = rl.order_id AND l.line_no = rl.line_no
     WHERE rl.request_id = $1 ORDER BY rl.line_no`,
    [id],
  );
}

/** What earlier accepted returns of an order refunded, and the units they and this one bring back of all ordered. */
export async function orderReturnTotalsIn(
  q: Queryable,
  orderId: string,
  requestId: string,
): Promise<{ refunded: number; returnedUnits: number; orderedUnits: number }> {
  return (
    await q.query<{ refunded: number; returnedUnits: number; orderedUnits: number }>(
      `SELECT
         (SELECT coalesce(sum(refund_amount), 0)::float8 FROM service_requests
          WHERE order_id = $1 AND kind = 'return' AND state = 'completed') AS refunded,
         (SELECT coalesce(sum(rl.quantity), 0)::int FROM return_lines rl JOIN service_requests r ON r.id = rl.request_id
          WHERE rl.order_id = $1 AND (r.state = 'completed' OR r.id = $2)) AS "returnedUnits",
         (SELECT coalesce(sum(quantity), 0)::int FROM order_lines WHERE order_id = $1) AS "orderedUnits"`,
      [orderId, requestId],
    )
  )[0]!;
}

/** A staff step's change of a return: its new state and the columns that step sets, with a schedule entry. */
export async function moveReturnIn(
  q: Queryable,
  id: string,
  to: RequestState,
  set: {
    pickupOn?: string;
    pickedUp?: boolean;
    assessedBy?: number;
    refusalReason?: string;
    shipBackWithinDays?: number;
    shipBack?: { carrier: string; tracking: string };
    refundAmount?: number;
  },
  note: string,
): Promise<void> {
  await q.query(
    `UPDATE service_requests SET state = $2, updated_at = now(),
       pickup_on = coalesce($3::date, pickup_on),
       picked_up_at = CASE WHEN $4::boolean THEN now() ELSE picked_up_at END,
       assessed_at = CASE WHEN $5::int IS NULL THEN assessed_at ELSE now() END,
       assessed_by = coalesce($5::int, assessed_by),
       refusal_reason = coalesce($6, refusal_reason),
       ship_back_by = CASE WHEN $7::int IS NULL THEN ship_back_by ELSE now() + make_interval(days => $7::int) END,
       ship_back_carrier = coalesce($8, ship_back_carrier),
       ship_back_tracking = coalesce($9, ship_back_tracking),
       shipped_back_at = CASE WHEN $8::text IS NULL THEN shipped_back_at ELSE now() END,
       refund_amount = coalesce($10::bigint, refund_amount),
       refunded_at = CASE WHEN $10::bigint IS NULL THEN refunded_at ELSE now() END
     WHERE id = $1`,
    [
      id,
      to,
      set.pickupOn ?? null,
      set.pickedUp ?? false,
      set.assessedBy ?? null,
      set.refusalReason ?? null,
      set.shipBackWithinDays ?? null,
      set.shipBack?.carrier ?? null,
      set.shipBack?.tracking ?? null,
      set.refundAmount ?? null,
    ],
  );
  await q.query(`INSERT INTO service_request_events (request_id, state, note, by_staff) VALUES ($1, $2, $3, true)`, [
    id,
    to,
    note,
  ]);
}

/** Whether a pick-up day is between today (UTC) and the return's pick-up promise. */
export async function pickupDayAllowedIn(q: Queryable, id: string, day: string): Promise<boolean> {
  const rows = await q.query<{ ok: boolean }>(
    `SELECT $2::date BETWEEN (now() AT TIME ZONE 'UTC')::date AND pickup_by AS ok FROM service_requests WHERE id = $1`,
    [id, day],
  );
  return rows[0]?.ok === true;
}

/** Reads for the API: a return's detail beside its after-sales request. */
export function returnsRepository(db: Database) {
  return {
    /** The return part of a request (null for other kinds), with its lines. */
    async detail(id: string): Promise<{ row: ReturnRow; lines: ReturnLineRow[] } | null> {
      const row = await returnIn(db, id, false);
      return row ? { row, lines: await returnLinesIn(db, id) } : null;
    },
    /** The lines of the shopper's order with what each can still give back. */
    async returnable(orderId: string, owner: { userId: number; local: string }) {
      const order = await returnOrderIn(db, orderId, owner);
      return order ? { order, lines: await returnableLinesIn(db, order.id) } : null;
    },
  };
}
export type ReturnsRepository = ReturnType<typeof returnsRepository>;
