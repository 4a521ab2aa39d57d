import type { Queryable } from '../db/types';
import type { OrderActor, OrderEventKind } from '../schemas/order-events';
import { recordOrderEventIn, type OrderEventRow } from '../repositories/order-events';

/**
 * Records a step in an order's life in the caller's transaction: the step and its record commit together, so the
 * timeline, and everything that reads it (the shopper's page, messages and mails, webhooks), never tells of a step
 * that did not happen or misses one that did.
 */
export async function orderStepIn(
  tx: Queryable,
  orderId: string,
  kind: OrderEventKind,
  options: { detail?: Record<string, unknown>; actor?: OrderActor } = {},
): Promise<OrderEventRow> {
  return recordOrderEventIn(tx, { orderId, kind, ...options });
}
