/**
 * Schemas of the store's signed webhooks: the endpoints staff configure, their deliveries (the log), and the body a
 * receiver gets for each order event.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { WEBHOOK_EVENT_KINDS } from './order-events';

/** Where a delivery is: waiting for its next attempt, being sent, delivered (a 2xx), or given up (then resendable). */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** The most endpoints a store keeps: each event is one delivery per endpoint, and a warehouse needs a few, not many. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

const id = { type: 'string', pattern: '^[0-9]{1,18}$' } as const;
const at = { type: 'string', format: 'date-time' } as const;
const country = { type: 'string', pattern: '^[a-z]{2}$' } as const;
const kinds = {
  type: 'array',
  minItems: 1,
  maxItems: WEBHOOK_EVENT_KINDS.length,
  uniqueItems: true,
  items: { type: 'string', enum: WEBHOOK_EVENT_KINDS },
  description: 'the order events it wants',
} as const;
const countries = {
  type: 'array',
  maxItems: 60,
  uniqueItems: true,
  items: country,
  description: "the countries (orders' local: id, de, …) it wants; empty: every country",
} as const;
const url = {
  type: 'string',
  minLength: 8,
  maxLength: 500,
  description: 'https:// (http:// only to localhost or 127.0.0.1, and not in production)',
} as const;
const description = { type: 'string', maxLength: 200, description: "staff's note of what it is" } as const;

export const webhookEndpointCreateBody = {
  type: 'object',
  required: ['url', 'kinds'],
  additionalProperties: false,
  properties: { url, kinds, countries, description },
} as const;
export type WebhookEndpointCreateBody = FromSchema<typeof webhookEndpointCreateBody>;

export const webhookEndpointUpdateBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id, url, kinds, countries, description, active: { type: 'boolean' } },
} as const;
export type WebhookEndpointUpdateBody = FromSchema<typeof webhookEndpointUpdateBody>;

/** An endpoint named by id (rotate its secret). */
export const webhookEndpointIdBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id },
} as const;

export const webhookEndpointSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'url',
    'description',
    'kinds',
    'countries',
    'active',
    'secret_hint',
    'created_at',
    'pending',
    'failed',
    'delivered',
  ],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    description: { type: 'string' },
    kinds: { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENT_KINDS } },
    countries: { type: 'array', items: { type: 'string' } },
    active: { type: 'boolean' },
    /** The secret's last four characters, so staff can tell which one a receiver holds; never the secret. */
    secret_hint: { type: 'string' },
    created_at: at,
    pending: { type: 'integer', description: 'deliveries waiting or being sent' },
    failed: { type: 'integer', description: 'deliveries given up' },
    delivered: { type: 'integer' },
  },
} as const;
export type WebhookEndpointView = FromSchema<typeof webhookEndpointSchema>;

export const webhookEndpointsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoints'],
  properties: { endpoints: { type: 'array', items: webhookEndpointSchema } },
} as const;
export type WebhookEndpointsAnswer = FromSchema<typeof webhookEndpointsAnswer>;

/** An endpoint made or changed; `secret` only when the store just made it (create, rotate): it is shown this once. */
export const webhookEndpointAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint'],
  properties: { endpoint: webhookEndpointSchema, secret: { type: 'string' } },
} as const;
export type WebhookEndpointAnswer = FromSchema<typeof webhookEndpointAnswer>;

export const webhookDeliveriesQuery = {
  type: 'object',
  required: ['endpoint_id'],
  properties: {
    endpoint_id: id,
    state: { type: 'string', enum: WEBHOOK_DELIVERY_STATES },
    before: { ...id, description: 'deliveries older than this one (the next page)' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  },
} as const;

export const webhookDeliverySchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'event_id',
    'kind',
    'order_id',
    'state',
    'attempts',
    'next_attempt_at',
    'last_attempt_at',
    'last_status',
    'last_error',
    'delivered_at',
    'created_at',
  ],
  properties: {
    id: { type: 'string' },
    event_id: { type: 'string' },
    kind: { type: 'string', enum: WEBHOOK_EVENT_KINDS },
    order_id: { type: 'string' },
    state: { type: 'string', enum: WEBHOOK_DELIVERY_STATES },
    attempts: { type: 'integer' },
    next_attempt_at: { ...at, type: ['string', 'null'], description: 'null once delivered or given up' },
    last_attempt_at: { ...at, type: ['string', 'null'] },
    last_status: { type: ['integer', 'null'], description: "the receiver's HTTP status of the last attempt" },
    last_error: { type: ['string', 'null'], description: 'why the last attempt failed (timeout, refused, status)' },
    delivered_at: { ...at, type: ['string', 'null'] },
    created_at: at,
  },
} as const;
export type WebhookDeliveryView = FromSchema<typeof webhookDeliverySchema>;

export const webhookDeliveriesAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['deliveries'],
  properties: { deliveries: { type: 'array', items: webhookDeliverySchema } },
} as const;
export type WebhookDeliveriesAnswer = FromSchema<typeof webhookDeliveriesAnswer>;

export const webhookResendBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { ...id, description: 'the delivery' } },
} as const;

export const webhookDeliveryAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['delivery'],
  properties: { delivery: webhookDeliverySchema },
} as const;
export type WebhookDeliveryAnswer = FromSchema<typeof webhookDeliveryAnswer>;

const money = { type: 'integer', description: 'minor units of `currency`' } as const;

/**
 * The JSON body of every webhook (what receivers parse): the event, its order's facts a warehouse needs, and per
 * kind the shipments (shipped, delivered) or the refund (refunded). Documented for integrators in the README.
 */
export const webhookBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'created_at', 'storefront', 'country', 'order', 'detail'],
  properties: {
    id: { type: 'string', description: 'the event id: the same on every retry; receivers dedupe by it' },
    kind: { type: 'string', enum: WEBHOOK_EVENT_KINDS },
    created_at: { ...at, description: 'when the step happened' },
    storefront: { type: 'string', description: 'the storefront the order was placed on (id, be-fr, …)' },
    country: { type: 'string' },
    order: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'state', 'currency', 'items_total', 'discount', 'shipping_fee', 'tax', 'total', 'lines'],
      properties: {
        id: { type: 'string' },
        state: { type: 'string', description: 'the state when the delivery was made' },
        currency: { type: 'string' },
        items_total: money,
        discount: money,
        shipping_fee: money,
        tax: money,
        total: money,
        delivery_method: { type: 'string' },
        address: { type: 'object', additionalProperties: true, description: 'where it goes (paid only)' },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['line_no', 'commodity_id', 'name', 'quantity', 'unit_price', 'subtotal'],
            properties: {
              line_no: { type: 'integer' },
              commodity_id: { type: 'string' },
              name: { type: 'string' },
              spec: { type: 'string' },
              quantity: { type: 'integer' },
              unit_price: money,
              subtotal: money,
            },
          },
        },
      },
    },
    shipments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['reference', 'carrier', 'tracking_number', 'shipped_at', 'delivered_at', 'lines'],
        properties: {
          reference: { type: 'string' },
          carrier: { type: 'string' },
          tracking_number: { type: 'string' },
          shipped_at: at,
          delivered_at: { ...at, type: ['string', 'null'] },
          lines: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['line_no', 'quantity'],
              properties: { line_no: { type: 'integer' }, quantity: { type: 'integer' } },
            },
          },
        },
      },
    },
    refund: {
      type: 'object',
      additionalProperties: false,
      required: ['amount', 'currency'],
      properties: { amount: money, currency: { type: 'string' } },
    },
    detail: {
      type: 'object',
      additionalProperties: true,
      description: "the step's own facts as the timeline has them",
    },
  },
} as const;
export type WebhookBody = FromSchema<typeof webhookBodySchema>;
