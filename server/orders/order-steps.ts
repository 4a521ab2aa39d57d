import type { Queryable } from '../db/types';
import type { OrderActor, OrderEventKind } from '../schemas/order-events';
import { recordOrderEventIn, type OrderEventRow } from '../repositories/order-events';
import { postOrderMessageIn, type OrderEvent, type OrderMessageRef } from './order-messages';

/** The inbox message each step sends the shopper by default (steps not listed send none). */
const NOTICES: Partial<Record<OrderEventKind, OrderEvent>> = {
  paid: 'paid',
  refund_due: 'refund_due',
  refunded: 'refunded',
};

export interface OrderStepOptions {
  detail?: Record<string, unknown>;
  actor?: OrderActor;
  /** The message to send instead of the step's default one (null: none). */
  notice?: OrderEvent | null;
  /** The amount the message names, when it is not the order's total (a refund's amount). */
  amount?: number;
}

/**
 * Records a step in an order's life in the caller's transaction, and sends the shopper its message: the step, its
 * record and its message commit together, so the timeline, and everything that reads it (the shopper's page,
 * messages and mails, webhooks), never tells of a step that did not happen or misses one that did.
 */
export async function orderStepIn(
  tx: Queryable,
  order: OrderMessageRef,
  kind: OrderEventKind,
  options: OrderStepOptions = {},
): Promise<OrderEventRow> {
  const event = await recordOrderEventIn(tx, {
    orderId: order.id,
    kind,
    detail: { ...(options.amount === undefined ? {} : { amount: options.amount }), ...options.detail },
    actor: options.actor,
  });
  const notice = options.notice === undefined ? NOTICES[kind] : options.notice;
  if (notice) await postOrderMessageIn(tx, notice, { ...order, total: options.amount ?? order.total });
  return event;
}
