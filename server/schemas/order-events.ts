import type { FromSchema } from 'json-schema-to-ts';

/**
 * The steps of an order's timeline (the order_events table): each is written once, with its time and who took it.
 * The shopper's order page, messages, mails and the webhooks read them.
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'in_review',
  'review_cleared',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'return_picked_up',
  'return_accepted',
  'return_refused',
  'returned',
  'refund_due',
  'refunded',
  'refund_failed',
  'invoice_issued',
  'credit_note_issued',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The steps a warehouse or ERP hears of by signed webhook. */
export const WEBHOOK_EVENT_KINDS = [
  'paid',
  'cancelled',
  'shipped',
  'delivered',
  'returned',
  'refunded',
] as const satisfies readonly OrderEventKind[];
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** Who took a step: the shopper, a staff member (`staff:<user id>`), the warehouse (fulfilment API), the store. */
export type OrderActor = 'shopper' | 'system' | 'warehouse' | `staff:${number}`;

/** One step of an order's timeline as the API answers it. */
export const orderEventSchema = {
  type: 'object',
  required: ['id', 'kind', 'detail', 'actor', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: ORDER_EVENT_KINDS },
    detail: { type: 'object', additionalProperties: true },
    actor: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;
export type OrderEventAnswer = FromSchema<typeof orderEventSchema>;
