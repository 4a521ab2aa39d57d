import type { Database, Queryable } from '../db/types';

/** A parcel that left the warehouse with some of an order's lines. */
export interface ShipmentRow {
  id: string;
  order_id: string;
  /** The warehouse's own id of the shipment (unique per order). */
  reference: string;
  carrier: string;
  tracking_number: string;
  shipped_at: Date;
  delivered_at: Date | null;
  /** What the parcel holds: order line numbers and quantities, by line number. */
  lines: { line_no: number; quantity: number }[];
}

/** A new shipment's content: which lines, how many units of each. */
export interface NewShipment {
  orderId: string;
  reference: string;
  carrier: string;
  trackingNumber: string;
  lines: readonly { lineNo: number; quantity: number }[];
}

const COLUMNS = `s.id::text AS id, s.order_id::text AS order_id, s.reference, s.carrier, s.tracking_number,
  s.shipped_at, s.delivered_at,
  COALESCE((SELECT json_agg(json_build_object('line_no', l.line_no, 'quantity', l.quantity) ORDER BY l.line_no)
            FROM shipment_lines l WHERE l.shipment_id = s.id), '[]'::json) AS lines`;

const one = <T>(rows: T[]): T | null => rows[0] ?? null;

/**
 * Shipments and their lines. The writes run in the caller's transaction, which holds the order's row lock
 * (orders/lifecycle.ts), so two shipments of one order never count the same units.
 */
export function shipmentsRepository(db: Database) {
  return {
    /** The shipment of an order with the warehouse's reference, or null. */
    async byReferenceIn(q: Queryable, orderId: string, reference: string): Promise<ShipmentRow | null> {
      return one(
        await q.query<ShipmentRow>(`SELECT ${COLUMNS} FROM shipments s WHERE s.order_id = $1 AND s.reference = $2`, [
          orderId,
          reference,
        ]),
      );
    },

    /** One shipment of an order by its id, or null (another order's shipment is "not found"). */
    async getIn(q: Queryable, orderId: string, shipmentId: string): Promise<ShipmentRow | null> {
      if (!/^\d{1,18}$/.test(shipmentId)) return null;
      return one(
        await q.query<ShipmentRow>(`SELECT ${COLUMNS} FROM shipments s WHERE s.order_id = $1 AND s.id = $2`, [
          orderId,
          shipmentId,
        ]),
      );
    },

    /** Units of each line already shipped, by line number. */
    async shippedUnitsIn(q: Queryable, orderId: string): Promise<Map<number, number>> {
      const rows = await q.query<{ line_no: number; quantity: number }>(
        `SELECT line_no, sum(quantity)::int AS quantity FROM shipment_lines WHERE order_id = $1 GROUP BY line_no`,
        [orderId],
      );
      return new Map(rows.map((r) => [r.line_no, r.quantity]));
    },

    /** Writes a shipment with its lines; the caller checked the quantities under the order's lock. */
    async insertIn(q: Queryable, s: NewShipment): Promise<ShipmentRow> {
      const row = (
        await q.query<{ id: string }>(
          `INSERT INTO shipments (order_id, reference, carrier, tracking_number) VALUES ($1, $2, $3, $4)
           RETURNING id::text AS id`,
          [s.orderId, s.reference, s.carrier, s.trackingNumber],
        )
      )[0]!;
      for (const line of s.lines)
        await q.query(`INSERT INTO shipment_lines (shipment_id, order_id, line_no, quantity) VALUES ($1, $2, $3, $4)`, [
          row.id,
          s.orderId,
          line.lineNo,
          line.quantity,
        ]);
      return (await this.getIn(q, s.orderId, row.id))!;
    },

    /** Marks a shipment delivered; false when it already was. */
    async markDeliveredIn(q: Queryable, shipmentId: string): Promise<boolean> {
      const rows = await q.query(
        `UPDATE shipments SET delivered_at = now() WHERE id = $1 AND delivered_at IS NULL RETURNING id`,
        [shipmentId],
      );
      return rows.length > 0;
    },

    /** Whether every shipment of the order has arrived (none shipped: false). */
    async allDeliveredIn(q: Queryable, orderId: string): Promise<boolean> {
      const rows = await q.query<{ total: number; open: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE delivered_at IS NULL)::int AS open
         FROM shipments WHERE order_id = $1`,
        [orderId],
      );
      return rows[0]!.total > 0 && rows[0]!.open === 0;
    },

    /** The shipments of an order, oldest first. */
    async ofOrder(orderId: string): Promise<ShipmentRow[]> {
      if (!/^\d{1,18}$/.test(orderId)) return [];
      return db.query<ShipmentRow>(`SELECT ${COLUMNS} FROM shipments s WHERE s.order_id = $1 ORDER BY s.id`, [orderId]);
    },
  };
}
export type ShipmentsRepository = ReturnType<typeof shipmentsRepository>;
