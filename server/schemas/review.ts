/**
 * Schemas of orders in review: the risk rules that put an order in review (their names are stored in
 * orders.review_reasons), the staff console's list of orders waiting for a decision, and the decisions (clear or
 * reject).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { money } from './order';

/**
 * The risk rules, by name (sites/risk-rules.ts holds each country's limits; docs/rules.md says what each means):
 * too many orders from one account in an hour, too many accounts ordering to one delivery address in an hour, a
 * billing country other than the storefront's, a large order from a new account.
 */
export const REVIEW_REASONS = ['account_velocity', 'address_velocity', 'billing_country', 'new_account_total'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** What staff decide on an order in review: clear it (it becomes payable) or reject it (it is cancelled). */
export const REVIEW_DECISIONS = ['clear', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

const at = { type: 'integer', description: 'ms since the epoch' } as const;
const orderId = { type: 'string', maxLength: 20, description: 'order number' } as const;

/** One order waiting for staff, with why it waits. */
export const reviewOrderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'email', 'placed_at', 'total', 'currency', 'exponent', 'items', 'reasons', 'city'],
  properties: {
    order_id: { type: 'string' },
    email: { type: 'string', description: "the shopper's account" },
    placed_at: at,
    total: money,
    currency: { type: 'string' },
    exponent: { type: 'integer', description: 'digits after the decimal point of the currency' },
    items: { type: 'integer', description: 'units ordered' },
    reasons: { type: 'array', items: { type: 'string', enum: REVIEW_REASONS } },
    city: { type: 'string', description: 'the delivery city' },
  },
} as const;
export type ReviewOrderView = FromSchema<typeof reviewOrderSchema>;

/** The orders in review of the staff member's storefront, oldest first (the one waiting longest on top). */
export const reviewListAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['orders'],
  properties: { orders: { type: 'array', items: reviewOrderSchema } },
} as const;
export type ReviewListAnswer = FromSchema<typeof reviewListAnswer>;

export const reviewDecisionBody = {
  type: 'object',
  required: ['orderId'],
  additionalProperties: false,
  properties: { orderId },
} as const;
export type ReviewDecisionBody = FromSchema<typeof reviewDecisionBody>;

/**
 * What a decision left: the order's state now (unpaid with its new payment deadline; paid when gift cards covered it;
 * cancelled).
 */
export const reviewDecisionAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'state', 'pay_before'],
  properties: {
    order_id: { type: 'string' },
    state: { type: 'string', enum: ['unpaid', 'paid', 'cancelled'] },
    pay_before: { ...at, type: ['integer', 'null'], description: 'ms since the epoch; null once cancelled' },
  },
} as const;
export type ReviewDecisionAnswer = FromSchema<typeof reviewDecisionAnswer>;
