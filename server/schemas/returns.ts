/** Returns: API schemas of a return request (an after-sales request of kind 'return') and its staff steps. */
import type { FromSchema } from 'json-schema-to-ts';

/** Why a shopper sends goods back; each country offers a list of these (sites/returns.json). */
export const RETURN_REASONS = [
  'changed_mind',
  'defective',
  'damaged_in_transit',
  'not_as_described',
  'wrong_item',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

const id = { type: 'string', maxLength: 20 } as const;
const at = { type: ['integer', 'null'], description: 'ms since the epoch' } as const;
const day = { type: ['string', 'null'], description: 'a calendar day, YYYY-MM-DD' } as const;

/** A line of a delivered order and how much of it can still be sent back. */
export const returnableLineSchema = {
  type: 'object',
  required: ['line_no', 'commodity_id', 'product_id', 'name', 'spec', 'image', 'quantity', 'delivered', 'returnable'],
  properties: {
    line_no: { type: 'integer' },
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string' },
    spec: { type: 'string' },
    image: { type: 'string' },
    quantity: { type: 'integer' },
    /** Units delivered (shipments marked delivered, or the whole order once it is delivered). */
    delivered: { type: 'integer' },
    /** Delivered units not yet returned or asked back, while the window is open. */
    returnable: { type: 'integer' },
    refurbished: { type: 'boolean' },
    /** The last moment a return of this line can be asked for (null: nothing delivered). */
    deadline: at,
  },
} as const;
export type ReturnableLineView = FromSchema<typeof returnableLineSchema>;

export const returnableAnswer = {
  type: 'object',
  required: ['order_id', 'lines', 'reasons', 'max_files', 'pickup_within_days'],
  properties: {
    order_id: { type: 'string' },
    lines: { type: 'array', items: returnableLineSchema },
    reasons: { type: 'array', items: { enum: RETURN_REASONS } },
    max_files: { type: 'integer' },
    pickup_within_days: { type: 'integer' },
  },
} as const;
export type ReturnableAnswer = FromSchema<typeof returnableAnswer>;

export const returnableQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: id },
} as const;

/** A return request: lines and quantities of one delivered order, a reason, photos. */
export const returnRequestBody = {
  type: 'object',
  required: ['orderId', 'lines', 'reason', 'uploadIds'],
  properties: {
    orderId: id,
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['lineNo', 'quantity'],
        properties: {
          lineNo: { type: 'integer', minimum: 1, maximum: 1000 },
          quantity: { type: 'integer', minimum: 1, maximum: 1000 },
        },
      },
    },
    reason: { enum: RETURN_REASONS },
    description: { type: 'string', maxLength: 1000 },
    uploadIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type ReturnRequestBody = FromSchema<typeof returnRequestBody>;

/** What a return adds to its after-sales request: lines, pick-up, assessment, refund, ship-back. */
export const returnDetailSchema = {
  type: 'object',
  required: [
    'reason',
    'lines',
    'pickup_on',
    'pickup_by',
    'picked_up_at',
    'assessed_at',
    'refusal_reason',
    'ship_back_by',
    'ship_back_carrier',
    'ship_back_tracking',
    'shipped_back_at',
    'refund_amount',
    'currency',
    'refunded_at',
  ],
  properties: {
    reason: { enum: RETURN_REASONS },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line_no', 'name', 'spec', 'quantity'],
        properties: {
          line_no: { type: 'integer' },
          name: { type: 'string' },
          spec: { type: 'string' },
          quantity: { type: 'integer' },
        },
      },
    },
    /** The day staff will pick the goods up. */
    pickup_on: day,
    /** The last day a pick-up may be scheduled on (the pick-up promise). */
    pickup_by: day,
    picked_up_at: at,
    assessed_at: at,
    refusal_reason: { type: ['string', 'null'] },
    /** A refused return's goods go back to the shopper by then. */
    ship_back_by: at,
    ship_back_carrier: { type: ['string', 'null'] },
    ship_back_tracking: { type: ['string', 'null'] },
    shipped_back_at: at,
    /** Minor units refunded when the return was accepted. */
    refund_amount: { type: ['integer', 'null'] },
    currency: { type: 'string' },
    refunded_at: at,
  },
} as const;
export type ReturnDetailView = FromSchema<typeof returnDetailSchema>;

export const staffReturnPickupBody = {
  type: 'object',
  required: ['id', 'date'],
  properties: { id, date: { type: 'string', format: 'date' } },
} as const;
export type StaffReturnPickupBody = FromSchema<typeof staffReturnPickupBody>;

export const staffReturnIdBody = { type: 'object', required: ['id'], properties: { id } } as const;

export const staffReturnRefuseBody = {
  type: 'object',
  required: ['id', 'reason'],
  properties: { id, reason: { type: 'string', maxLength: 500 } },
} as const;
export type StaffReturnRefuseBody = FromSchema<typeof staffReturnRefuseBody>;

export const staffReturnShipBackBody = {
  type: 'object',
  required: ['id', 'carrier', 'trackingNumber'],
  properties: {
    id,
    carrier: { type: 'string', maxLength: 40 },
    trackingNumber: { type: 'string', maxLength: 40 },
  },
} as const;
export type StaffReturnShipBackBody = FromSchema<typeof staffReturnShipBackBody>;

/** What a staff step on a return answers: the request's new state and the refund made, if any. */
export const staffReturnAnswer = {
  type: 'object',
  required: ['state', 'refund_amount'],
  properties: {
    state: { type: 'string' },
    refund_amount: { type: ['integer', 'null'] },
  },
} as const;
export type StaffReturnAnswer = FromSchema<typeof staffReturnAnswer>;
