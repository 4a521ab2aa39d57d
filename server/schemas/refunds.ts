import type { FromSchema } from 'json-schema-to-ts';
/**
 * Schemas of refunds and of cancelling a paid order: the shopper's cancel answer, staff's refund of an order and
 * staff's queue of refunds to act on. Money is integer minor units.
 */

import { money } from './order';
import { staffRefundSchema } from './staff-payments';

/**
 * Cancel an order: `refund: true` says the caller cancels it knowing it may be paid, and wants it refunded in full
 * (the shopper's confirmation says so). Without it a paid order is refused as before (errno 32007, data.state paid),
 * so a cancel sent for an unpaid order that a payment just won never refunds that payment by surprise.
 */
export const orderCancelBody = {
  type: 'object',
  required: ['orderId'],
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    refund: { type: 'boolean', description: 'cancel a paid order that has not shipped and refund it in full' },
  },
} as const;

/** What cancelling an order did (an unpaid order: nothing was paid, so every figure is 0). */
export const orderCancelAnswer = {
  type: 'object',
  required: [
    'state',
    'refunded',
    'coupon_returned',
    'points_taken_back',
    'points_not_taken_back',
    'points_redeemed',
    'gift_cards_voided',
  ],
  properties: {
    state: { type: 'string', enum: ['cancelled'] },
    refunded: { ...money, description: 'owed back in all: see the refunds of the order for where each part goes' },
    coupon_returned: { type: 'boolean', description: 'the coupon is usable again (its window has not ended)' },
    points_taken_back: { type: 'integer', description: 'Mi Points the order earned, taken back' },
    points_not_taken_back: {
      type: 'integer',
      description: 'Mi Points the order earned that were already spent (the balance never goes below zero)',
    },
    points_redeemed: {
      type: 'integer',
      description: 'Mi Points the order used: redeemed points are not refundable, so they stay spent',
    },
    gift_cards_voided: { type: 'integer', description: 'gift cards the order bought, now void' },
  },
} as const;
export type OrderCancelAnswer = FromSchema<typeof orderCancelAnswer>;

/** Staff refund part or all of what an order's shopper paid (a gesture of goodwill). */
export const staffOrderRefundBody = {
  type: 'object',
  required: ['orderId', 'amount'],
  properties: {
    orderId: { type: 'string', maxLength: 20, description: 'the order number' },
    amount: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 1_000_000_000_000, description: 'minor units' },
        { type: 'string', const: 'all', description: 'all that is still refundable' },
      ],
    },
  },
} as const;

export const refundPartSchema = {
  type: 'object',
  required: ['refund_id', 'kind', 'amount', 'state'],
  properties: {
    refund_id: { type: 'string' },
    kind: {
      type: 'string',
      enum: ['provider', 'transfer', 'gift_card'],
      description: 'provider: paid by the refund job; transfer: paid by staff; gift_card: back on the card at once',
    },
    amount: money,
    state: { type: 'string', enum: ['pending', 'succeeded', 'failed', 'done'] },
  },
} as const;

export const staffOrderRefundAnswer = {
  type: 'object',
  required: ['refunded', 'remaining', 'parts'],
  properties: {
    refunded: money,
    remaining: { ...money, description: 'still refundable after this refund' },
    parts: { type: 'array', items: refundPartSchema },
  },
} as const;

/** A refund in staff's queue: with its order and the order's owner. */
export const queuedRefundSchema = {
  type: 'object',
  required: [...staffRefundSchema.required, 'order_id', 'email', 'currency', 'exponent'],
  properties: {
    ...staffRefundSchema.properties,
    order_id: { type: 'string' },
    email: { type: 'string', description: "the order owner's sign-in address" },
    currency: { type: 'string' },
    exponent: { type: 'integer', description: 'minor digits of the currency' },
  },
} as const;

export const staffRefundQueueAnswer = {
  type: 'object',
  required: ['refunds'],
  properties: {
    refunds: {
      type: 'array',
      items: queuedRefundSchema,
      description:
        "refunds of the country's orders staff must act on: refused by their provider (retry or mark paid), or " +
        'paid by staff only (mark paid); the earliest promised first',
    },
  },
} as const;

export type StaffOrderRefundAnswer = FromSchema<typeof staffOrderRefundAnswer>;
export type QueuedRefundView = FromSchema<typeof queuedRefundSchema>;
export type StaffRefundQueueAnswer = FromSchema<typeof staffRefundQueueAnswer>;
