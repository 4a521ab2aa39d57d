import type { Queryable } from '../db/types';

/** Where a cash-on-delivery order stands: on its way, paid at the door, refused there, cancelled before it left. */
export type CodState = 'open' | 'collected' | 'refused' | 'cancelled';

export interface CodOrderRow {
  order_id: string;
  user_id: number;
  state: CodState;
  /** What the courier collects, minor units: the amount due plus the fee. */
  amount: number;
  fee: number;
  currency: string;
  payment_id: string | null;
  confirmed_at: Date;
  closed_at: Date | null;
}

const COLUMNS = `order_id::text AS order_id, user_id, state, amount::float8 AS amount, fee::float8 AS fee, currency,
  payment_id::text AS payment_id, confirmed_at, closed_at`;

/** The cash-on-delivery rows (migration 041). */
export const codOrders = {
  /** The order's COD row, or null when it was not confirmed by cash on delivery. */
  async ofOrder(q: Queryable, orderId: string): Promise<CodOrderRow | null> {
    if (!/^\d{1,18}$/.test(orderId)) return null;
    return (await q.query<CodOrderRow>(`SELECT ${COLUMNS} FROM cod_orders WHERE order_id = $1`, [orderId]))[0] ?? null;
  },

  /** How many of the user's COD orders are on their way, cash not collected (the open-COD limit). */
  async openCountIn(tx: Queryable, userId: number): Promise<number> {
    const rows = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cod_orders WHERE user_id = $1 AND state = 'open'`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  },

  /** Records the order as confirmed by cash on delivery, in the transaction that moves it to processing. */
  async insertIn(
    tx: Queryable,
    row: { orderId: string; userId: number; amount: number; fee: number; currency: string },
  ): Promise<CodOrderRow> {
    return (
      await tx.query<CodOrderRow>(
        `INSERT INTO cod_orders (order_id, user_id, amount, fee, currency) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${COLUMNS}`,
        [row.orderId, row.userId, row.amount, row.fee, row.currency],
      )
    )[0]!;
  },

  /** Closes an open COD row (refused, cancelled); false when it was no longer open. */
  async closeIn(tx: Queryable, orderId: string, state: 'refused' | 'cancelled'): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE cod_orders SET state = $2, closed_at = now() WHERE order_id = $1 AND state = 'open' RETURNING order_id`,
      [orderId, state],
    );
    return rows.length > 0;
  },

  /** Marks an open COD row collected by the cash payment; false when it was no longer open. */
  async markCollectedIn(tx: Queryable, orderId: string, paymentId: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE cod_orders SET state = 'collected', payment_id = $2, closed_at = now()
       WHERE order_id = $1 AND state = 'open' RETURNING order_id`,
      [orderId, paymentId],
    );
    return rows.length > 0;
  },
};
