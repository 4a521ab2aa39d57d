import type { FromSchema } from 'json-schema-to-ts';
/**
 * Schemas of the staff console's payments pane: an order's money as support staff see it. Money is integer minor units.
 */

import { money, ORDER_STATES, REFUND_REASONS, REFUND_STATES } from './order';

const at = { type: 'integer', description: 'ms since the epoch' } as const;
const atOrNull = { type: ['integer', 'null'], description: 'ms since the epoch' } as const;

export const staffOrderSchema = {
  type: 'object',
  required: [
    'id',
    'storefront',
    'flow',
    'state',
    'total',
    'amount_due',
    'currency',
    'exponent',
    'email',
    'created_at',
    'pay_before',
    'paid_at',
    'cancelled_at',
    'cancel_reason',
  ],
  properties: {
    id: { type: 'string', description: 'the order number' },
    storefront: { type: 'string', description: 'the storefront it was placed in (urlLocal)' },
    flow: { type: 'string', enum: ['consumer', 'company'] },
    state: { type: 'string', enum: ORDER_STATES },
    total: money,
    amount_due: { ...money, description: 'what payments take: the total less gift cards' },
    currency: { type: 'string' },
    exponent: { type: 'integer', description: 'minor digits of the currency (2: cents)' },
    email: { type: 'string', description: "the owner's sign-in address" },
    created_at: at,
    pay_before: { ...at, description: 'the end of its payment window' },
    paid_at: atOrNull,
    cancelled_at: atOrNull,
    cancel_reason: {
      type: ['string', 'null'],
      description: 'shopper, staff, payment_window, final_window, or final_payment_missed (a lapsed pre-order)',
    },
  },
} as const;

/**
 * What a payment and a split-payment part both record of one charge, after their own id, method and state: the two
 * are the same kind of attempt (a split part is a payment of part of the order), so they are described once.
 */
const chargeRequired = ['amount', 'card_brand', 'card_last4', 'failure_code', 'created_at', 'updated_at'] as const;
const chargeProperties = {
  amount: money,
  card_brand: { type: ['string', 'null'] },
  card_last4: { type: ['string', 'null'] },
  failure_code: { type: ['string', 'null'] },
  created_at: at,
  updated_at: at,
} as const;

export const staffPaymentSchema = {
  type: 'object',
  required: ['id', 'provider', 'method', 'state', ...chargeRequired],
  properties: {
    id: { type: 'string' },
    provider: { type: 'string', description: 'sandbox (the card gateway), bnpl-sandbox, gift_card, split, …' },
    method: { type: 'string' },
    state: {
      type: 'string',
      enum: ['pending', 'otp_required', 'authorised', 'succeeded', 'failed', 'expired', 'reversed'],
      description:
        'pending: with its provider; reversed: charged after the order could no longer take it, and refunded',
    },
    ...chargeProperties,
  },
} as const;

export const staffSplitPartSchema = {
  type: 'object',
  required: ['id', 'method', 'state', ...chargeRequired],
  properties: {
    id: { type: 'string' },
    method: { type: 'string', enum: ['card', 'bank_transfer'] },
    state: { type: 'string', enum: ['pending', 'succeeded', 'failed', 'reversed'] },
    ...chargeProperties,
  },
} as const;

export const staffRefundSchema = {
  type: 'object',
  required: [
    'id',
    'reason',
    'amount',
    'state',
    'provider',
    'refund_ref',
    'failure_code',
    'attempts',
    'due_by',
    'refunded_at',
    'created_at',
    'can_mark_done',
    'can_retry',
  ],
  properties: {
    id: { type: 'string' },
    reason: { type: 'string', enum: REFUND_REASONS },
    amount: money,
    state: {
      type: 'string',
      enum: REFUND_STATES,
      description:
        'pending: owed; succeeded: the provider paid it back; failed: the provider refused; done: paid back by staff',
    },
    provider: { type: ['string', 'null'], description: 'null: no provider pays it back, staff do' },
    refund_ref: { type: ['string', 'null'], description: "the provider's id of the refund" },
    failure_code: { type: ['string', 'null'] },
    attempts: { type: 'integer', description: 'calls of the provider so far' },
    due_by: at,
    refunded_at: atOrNull,
    created_at: at,
    can_mark_done: {
      type: 'boolean',
      description: 'staff may record it as paid back by hand (POST staff/refunds/done)',
    },
    can_retry: { type: 'boolean', description: 'staff may send it to the provider again (POST staff/refunds/retry)' },
  },
} as const;

export const orderMoneySchema = {
  type: 'object',
  required: ['order', 'payments', 'split_parts', 'refunds'],
  properties: {
    order: staffOrderSchema,
    payments: { type: 'array', items: staffPaymentSchema, description: 'oldest first' },
    split_parts: {
      type: 'array',
      items: staffSplitPartSchema,
      description: 'parts of a split payment (company orders), oldest first',
    },
    refunds: { type: 'array', items: staffRefundSchema, description: 'oldest first' },
  },
} as const;

export const staffRefundAnswer = {
  type: 'object',
  required: ['refund'],
  properties: { refund: staffRefundSchema },
} as const;
export type StaffRefundAnswer = FromSchema<typeof staffRefundAnswer>;
export type StaffOrderView = FromSchema<typeof staffOrderSchema>;
export type StaffPaymentView = FromSchema<typeof staffPaymentSchema>;
export type StaffSplitPartView = FromSchema<typeof staffSplitPartSchema>;
export type StaffRefundView = FromSchema<typeof staffRefundSchema>;
export type OrderMoneyView = FromSchema<typeof orderMoneySchema>;

export const staffOrderQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 20, description: 'the order number' } },
} as const;

export const refundIdBody = {
  type: 'object',
  required: ['refundId'],
  properties: { refundId: { type: 'string', maxLength: 20 } },
} as const;
