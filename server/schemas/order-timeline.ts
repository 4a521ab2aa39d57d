import type { FromSchema } from 'json-schema-to-ts';
import { ORDER_EVENT_KINDS } from './order-events';

/** The shopper's view of an order's life after placing it: its steps and its parcels (times in ms since the epoch). */

/** One step as the shopper sees it: what and when, and the parcel it concerns; never who at the store took it. */
export const timelineStepSchema = {
  type: 'object',
  required: ['kind', 'at', 'shipment_id'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ORDER_EVENT_KINDS },
    at: { type: 'integer', description: 'ms since the epoch' },
    shipment_id: { type: ['string', 'null'], description: 'shipped and delivered: the parcel (see shipments)' },
  },
} as const;
export type TimelineStepView = FromSchema<typeof timelineStepSchema>;

/** A parcel of the order: who carries it, how to track it, what it holds, when it left and arrived. */
export const shipmentSchema = {
  type: 'object',
  required: [
    'id',
    'carrier',
    'carrier_name',
    'tracking_number',
    'tracking_link',
    'shipped_at',
    'delivered_at',
    'lines',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    carrier: { type: 'string', description: 'the carrier id (region-config/carriers.ts)' },
    carrier_name: { type: 'string' },
    tracking_number: { type: 'string' },
    tracking_link: { type: ['string', 'null'], description: "the carrier's tracking page for this parcel" },
    shipped_at: { type: 'integer' },
    delivered_at: { type: ['integer', 'null'] },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line_no', 'name', 'quantity'],
        additionalProperties: false,
        properties: { line_no: { type: 'integer' }, name: { type: 'string' }, quantity: { type: 'integer' } },
      },
    },
  },
} as const;
export type ShipmentView = FromSchema<typeof shipmentSchema>;

/** Units of an order line not shipped yet (the shopper's "still to come"). */
export const toComeSchema = {
  type: 'object',
  required: ['line_no', 'name', 'quantity'],
  additionalProperties: false,
  properties: { line_no: { type: 'integer' }, name: { type: 'string' }, quantity: { type: 'integer' } },
} as const;
export type ToComeView = FromSchema<typeof toComeSchema>;
