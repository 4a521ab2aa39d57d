import type { FromSchema } from 'json-schema-to-ts';
import { money, ORDER_STATES } from './order';
import { ORDER_EVENT_KINDS } from './order-events';
import { shipmentSchema } from './order-timeline';
import { shipmentUnitsSchema } from './devices';

/**
 * Fulfilment: the staff console's Orders tab (starting processing, shipping lines, marking parcels delivered) and
 * the warehouse's token API under /api/fulfilment. Times are ms since the epoch; money is integer minor units.
 */

const at = { type: 'integer', description: 'ms since the epoch' } as const;
const orderNumber = { type: 'string', maxLength: 20, description: 'the order number' } as const;
/** The warehouse's own id of a parcel: a retried call with the same reference is the same shipment. */
const reference = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' } as const;
const carrierId = { type: 'string', pattern: '^[a-z0-9-]{2,40}$', description: 'a carrier of the country' } as const;
const trackingNumber = { type: 'string', pattern: '^[A-Za-z0-9-]{4,40}$' } as const;
/** At most one entry per order line; an order has at most 50 lines (the cart's limit). */
const MAX_SHIPMENT_LINES = 50;

/** A carrier as a form offers it. */
export const carrierSchema = {
  type: 'object',
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: { type: 'string' }, name: { type: 'string' } },
} as const;

/** An order line with what has shipped of it. */
export const fulfilmentLineSchema = {
  type: 'object',
  required: ['line_no', 'commodity_id', 'product_id', 'name', 'spec', 'quantity', 'shipped', 'serialised'],
  additionalProperties: false,
  properties: {
    line_no: { type: 'integer' },
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string' },
    spec: { type: 'string' },
    quantity: { type: 'integer' },
    shipped: { type: 'integer', description: 'units already in a shipment' },
    serialised: {
      type: 'boolean',
      description: "units are numbered (IMEI, serial): name each unit's numbers in `units` when it ships",
    },
  },
} as const;
export type FulfilmentLineView = FromSchema<typeof fulfilmentLineSchema>;

/** A shipment as staff and the warehouse see it: the shopper's view plus the warehouse's reference. */
export const fulfilmentShipmentSchema = {
  ...shipmentSchema,
  required: [...shipmentSchema.required, 'reference'],
  properties: { ...shipmentSchema.properties, reference: { type: 'string' } },
} as const;
export type FulfilmentShipmentView = FromSchema<typeof fulfilmentShipmentSchema>;

/** An order in the staff search results. */
export const staffOrderRowSchema = {
  type: 'object',
  required: ['id', 'storefront', 'state', 'total', 'currency', 'exponent', 'email', 'created_at', 'paid_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    storefront: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    total: money,
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    email: { type: 'string' },
    created_at: at,
    paid_at: { type: ['integer', 'null'] },
  },
} as const;
export type StaffOrderRowView = FromSchema<typeof staffOrderRowSchema>;

export const staffOrderSearchQuery = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200, description: "an order number, or the buyer's email (or its beginning)" },
    state: { type: 'string', enum: ORDER_STATES },
  },
} as const;
export type StaffOrderSearchQuery = FromSchema<typeof staffOrderSearchQuery>;

export const staffOrderSearchAnswer = {
  type: 'object',
  required: ['orders'],
  properties: { orders: { type: 'array', items: staffOrderRowSchema, description: 'newest first, at most 50' } },
} as const;
export type StaffOrderSearchAnswer = FromSchema<typeof staffOrderSearchAnswer>;

export const staffFulfilmentQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: orderNumber },
} as const;

/** One order as the Orders tab opens it: lines with what shipped, parcels, the carriers of its country, its steps. */
export const staffFulfilmentAnswer = {
  type: 'object',
  required: ['order', 'delivery_method', 'address', 'lines', 'shipments', 'carriers', 'timeline'],
  properties: {
    order: staffOrderRowSchema,
    delivery_method: { type: 'string' },
    address: { type: 'object', additionalProperties: { type: 'string' } },
    lines: { type: 'array', items: fulfilmentLineSchema },
    shipments: { type: 'array', items: fulfilmentShipmentSchema },
    carriers: { type: 'array', items: carrierSchema },
    timeline: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'at', 'actor'],
        additionalProperties: false,
        properties: { kind: { type: 'string', enum: ORDER_EVENT_KINDS }, at, actor: { type: 'string' } },
      },
    },
  },
} as const;
export type StaffFulfilmentAnswer = FromSchema<typeof staffFulfilmentAnswer>;

export const staffProcessingBody = {
  type: 'object',
  required: ['orderId'],
  additionalProperties: false,
  properties: { orderId: orderNumber },
} as const;
export type StaffProcessingBody = FromSchema<typeof staffProcessingBody>;

export const staffShipBody = {
  type: 'object',
  required: ['orderId', 'reference', 'carrier', 'trackingNumber', 'lines'],
  additionalProperties: false,
  properties: {
    orderId: orderNumber,
    reference,
    carrier: carrierId,
    trackingNumber,
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_SHIPMENT_LINES,
      items: {
        type: 'object',
        required: ['lineNo', 'quantity'],
        additionalProperties: false,
        properties: {
          lineNo: { type: 'integer', minimum: 1, maximum: 1000 },
          quantity: { type: 'integer', minimum: 1, maximum: 10000 },
          units: shipmentUnitsSchema,
        },
      },
    },
  },
} as const;
export type StaffShipBody = FromSchema<typeof staffShipBody>;

export const staffDeliveredBody = {
  type: 'object',
  required: ['orderId', 'shipmentId'],
  additionalProperties: false,
  properties: { orderId: orderNumber, shipmentId: { type: 'string', maxLength: 20 } },
} as const;
export type StaffDeliveredBody = FromSchema<typeof staffDeliveredBody>;

/** The warehouse's calls: the order in the path. */
export const fulfilmentOrderParams = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: orderNumber },
} as const;

export const fulfilmentShipmentParams = {
  type: 'object',
  required: ['orderId', 'reference'],
  properties: { orderId: orderNumber, reference },
} as const;

export const fulfilmentListQuery = {
  type: 'object',
  properties: {
    cursor: {
      type: 'string',
      pattern: '^[0-9]{1,20}\\.[0-9]{1,18}$',
      description: 'next_cursor of the previous page; none: from the oldest order to pick',
    },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;
export type FulfilmentListQuery = FromSchema<typeof fulfilmentListQuery>;

/** An order to pick: paid (or in processing, or partly shipped) with its delivery address and what is left. */
export const pickOrderSchema = {
  type: 'object',
  required: ['id', 'storefront', 'country', 'state', 'paid_at', 'delivery_method', 'address', 'lines', 'carriers'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    storefront: { type: 'string' },
    country: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    paid_at: at,
    delivery_method: { type: 'string' },
    address: { type: 'object', additionalProperties: { type: 'string' } },
    lines: { type: 'array', items: fulfilmentLineSchema },
    carriers: { type: 'array', items: { type: 'string' }, description: 'carrier ids accepted for this order' },
    /** Only on a cash-on-delivery order: the cash the courier collects at the door (minor units, fee included). */
    collect_on_delivery: {
      type: 'object',
      required: ['amount', 'currency'],
      additionalProperties: false,
      properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
    },
  },
} as const;
export type PickOrderView = FromSchema<typeof pickOrderSchema>;

export const fulfilmentListAnswer = {
  type: 'object',
  required: ['orders', 'next_cursor'],
  properties: {
    orders: { type: 'array', items: pickOrderSchema, description: 'in the order they were paid' },
    next_cursor: { type: ['string', 'null'], description: 'pass as cursor for the next page; null: no more now' },
  },
} as const;
export type FulfilmentListAnswer = FromSchema<typeof fulfilmentListAnswer>;

export const fulfilmentShipBody = {
  type: 'object',
  required: ['reference', 'carrier', 'tracking_number', 'lines'],
  additionalProperties: false,
  properties: {
    reference,
    carrier: carrierId,
    tracking_number: trackingNumber,
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_SHIPMENT_LINES,
      items: {
        type: 'object',
        required: ['line_no', 'quantity'],
        additionalProperties: false,
        properties: {
          line_no: { type: 'integer', minimum: 1, maximum: 1000 },
          quantity: { type: 'integer', minimum: 1, maximum: 10000 },
          units: shipmentUnitsSchema,
        },
      },
    },
  },
} as const;
export type FulfilmentShipBody = FromSchema<typeof fulfilmentShipBody>;

/** The answer of a step: the order's state after it, and whether it was a retry that changed nothing. */
export const fulfilmentStepAnswer = {
  type: 'object',
  required: ['order_id', 'state', 'replayed'],
  properties: {
    order_id: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    replayed: { type: 'boolean', description: 'true: the same call was answered before; nothing changed' },
    shipment: fulfilmentShipmentSchema,
  },
} as const;
export type FulfilmentStepAnswer = FromSchema<typeof fulfilmentStepAnswer>;
