/**
 * Cash on delivery: confirming an order to pay the courier, where it stands (the order page's "pay on delivery"),
 * the shopper's cancellation before it ships, and the warehouse's report of a parcel refused at the door. Money is
 * integer minor units.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Where a cash-on-delivery order stands: on its way, paid at the door, refused there, cancelled before it left. */
export const COD_STATES = ['open', 'collected', 'refused', 'cancelled'] as const;

const orderId = { type: 'string', pattern: '^[0-9]{1,18}$', description: 'the order number' } as const;

export const codOrderBody = {
  type: 'object',
  required: ['orderId'],
  additionalProperties: false,
  properties: { orderId },
} as const;
export type CodOrderBody = FromSchema<typeof codOrderBody>;

export const codOrderParams = {
  type: 'object',
  required: ['orderId'],
  additionalProperties: false,
  properties: { orderId },
} as const;

/** A cash-on-delivery order: what the courier collects (`amount`, the fee included) and whether it may be cancelled. */
export const codAnswer = {
  type: 'object',
  required: ['order_id', 'state', 'order_state', 'amount', 'fee', 'currency', 'cancellable', 'replayed'],
  additionalProperties: false,
  properties: {
    order_id: { type: 'string' },
    state: { enum: COD_STATES },
    order_state: { type: 'string' },
    amount: { type: 'integer', description: 'minor units to hand the courier, the fee included' },
    fee: { type: 'integer', description: "the method's fee, minor units" },
    currency: { type: 'string' },
    /** The shopper may still cancel it: nothing has left the warehouse. */
    cancellable: { type: 'boolean' },
    /** The same confirmation or report again: nothing changed. */
    replayed: { type: 'boolean' },
  },
} as const;
export type CodAnswer = FromSchema<typeof codAnswer>;
