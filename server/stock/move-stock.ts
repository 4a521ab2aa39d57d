import type { Queryable } from '../db/types';

import { STOCK_REASONS, type StockReason } from '../schemas/inventory';

export { STOCK_REASONS, type StockReason };

export interface StockMove {
  commodityId: string;
  local: string;
  /** Units added (positive) or taken (negative). */
  delta: number;
  reason: Exclude<StockReason, 'snapshot start'>;
  orderId?: string | null;
  reference?: string | null;
  /** The operator who moved it; none for the store's own moves (orders, cancellations). */
  actorId?: number | null;
  note?: string | null;
  /**
   * Move only if the stock is exactly this now (an operator's view of it), so two operators never overwrite each other.
   */
  expected?: number | null;
}

/**
 * Moves the stock of one offer and writes its ledger row, in the caller's transaction: the one way stock changes
 * once an offer exists (the SQL function move_stock, one round trip). Answers the stock after the move, or null when
 * nothing moved: no such offer, the stock would go below zero, or `expected` is not the stock now.
 * @example await moveStock(tx, { commodityId, local, delta: -2, reason: 'sale', orderId }) // null: not enough stock
 */
export async function moveStock(q: Queryable, move: StockMove): Promise<number | null> {
  const rows = await q.query<{ after: number | null }>(
    `SELECT move_stock($1, $2, $3::int, $4, $5::bigint, $6, $7::int, $8, $9::int) AS after`,
    [
      move.commodityId,
      move.local,
      move.delta,
      move.reason,
      move.orderId ?? null,
      move.reference ?? null,
      move.actorId ?? null,
      move.note ?? null,
      move.expected ?? null,
    ],
  );
  const after = rows[0]?.after;
  return after === null || after === undefined ? null : Number(after);
}
