/**
 * Schemas of the plan payments: instalments (card EMI and the BFL EMI card) and pay later (BNPL), the offers
 * GET /payment/methods adds, and the sandbox pay-later provider's approval page. Money is integer minor units.
 */

import type { FromSchema } from 'json-schema-to-ts';

const bankList = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
} as const;

/** An instalment plan an order reaches, with its schedule for the order's amount. */
export const instalmentPlanOffer = {
  type: 'object',
  required: [
    'id',
    'network',
    'months',
    'monthly_rate_bp',
    'monthly',
    'last_monthly',
    'interest',
    'total',
    'min_amount',
    'banks',
    'debit_banks',
  ],
  properties: {
    id: { type: 'string' },
    network: { enum: ['card', 'bfl'] },
    months: { type: 'integer' },
    monthly_rate_bp: { type: 'integer' },
    monthly: { type: 'integer' },
    last_monthly: { type: 'integer' },
    interest: { type: 'integer' },
    total: { type: 'integer' },
    min_amount: { type: 'integer' },
    banks: bankList,
    debit_banks: bankList,
  },
} as const;
export type InstalmentPlanOffer = FromSchema<typeof instalmentPlanOffer>;

/** A pay-later offer of the country: whether it takes this order, and why not. */
export const bnplOffer = {
  type: 'object',
  required: [
    'id',
    'name',
    'parts',
    'every_days',
    'min_amount',
    'max_amount',
    'eligible',
    'reason',
    'part_amount',
    'last_part_amount',
    'total',
  ],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    parts: { type: 'integer' },
    every_days: { type: 'integer' },
    min_amount: { type: 'integer' },
    max_amount: { type: 'integer' },
    eligible: { type: 'boolean' },
    reason: { type: ['string', 'null'] },
    part_amount: { type: 'integer' },
    last_part_amount: { type: 'integer' },
    total: { type: 'integer' },
  },
} as const;
export type BnplOfferView = FromSchema<typeof bnplOffer>;

/** The response properties the plan offers add to GET /payment/methods. */
export const planOffersProperties = {
  instalment_plans: { type: 'array', items: instalmentPlanOffer },
  bnpl: { type: 'array', items: bnplOffer },
  bnpl_message: { type: ['string', 'null'] },
} as const;

/** A plan recorded with a payment: the plan, the card's bank and kind, and the schedule charged. */
export const planView = {
  type: 'object',
  required: [
    'kind',
    'plan_id',
    'months',
    'monthly_rate_bp',
    'monthly',
    'last_monthly',
    'interest',
    'total',
    'currency',
  ],
  properties: {
    kind: { type: 'string' },
    plan_id: { type: 'string' },
    bank: { type: ['string', 'null'] },
    card_kind: { type: ['string', 'null'] },
    months: { type: 'integer' },
    monthly_rate_bp: { type: 'integer' },
    monthly: { type: 'integer' },
    last_monthly: { type: 'integer' },
    interest: { type: 'integer' },
    total: { type: 'integer' },
    currency: { type: 'string' },
  },
} as const;
export type PlanView = FromSchema<typeof planView>;

export const instalmentBody = {
  type: 'object',
  required: ['orderId', 'planId', 'number', 'expiry', 'cvv', 'holder'],
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    planId: { type: 'string', maxLength: 40 },
    number: { type: 'string', maxLength: 30 },
    expiry: { type: 'string', maxLength: 7 },
    cvv: { type: 'string', maxLength: 4 },
    holder: { type: 'string', maxLength: 100 },
  },
} as const;
export type InstalmentBody = FromSchema<typeof instalmentBody>;

export const bnplStartBody = {
  type: 'object',
  required: ['orderId', 'provider'],
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    provider: { type: 'string', maxLength: 40 },
    returnUrl: { type: 'string', maxLength: 2048 },
  },
} as const;

export const bnplStartAnswer = {
  type: 'object',
  required: ['state', 'order_id', 'payment_id', 'redirect_url'],
  properties: {
    state: { enum: ['redirect'] },
    order_id: { type: 'string' },
    payment_id: { type: 'string' },
    redirect_url: { type: 'string' },
  },
} as const;

/** The pay-later provider's return to the store: which session, its status, and the provider's signature of both. */
export const bnplCallbackQuery = {
  type: 'object',
  required: ['session', 'status', 'signature'],
  properties: {
    session: { type: 'string', maxLength: 64 },
    status: { type: 'string', maxLength: 20 },
    signature: { type: 'string', maxLength: 100 },
  },
} as const;

export const planStatusQuery = {
  type: 'object',
  properties: { paymentId: { type: 'string', maxLength: 20 }, orderId: { type: 'string', maxLength: 20 } },
} as const;

export const planStatusAnswer = {
  type: 'object',
  required: ['state', 'order_id', 'payment_id', 'provider', 'plan'],
  properties: {
    state: { enum: ['succeeded', 'failed', 'pending'] },
    order_id: { type: 'string' },
    payment_id: { type: 'string' },
    provider: {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    },
    plan: planView,
  },
} as const;
export type PlanStatusAnswer = FromSchema<typeof planStatusAnswer>;

/** The sandbox pay-later provider's approval page: the storefront and the session. */
export const sandboxSessionParams = {
  type: 'object',
  required: ['urlLocal', 'session'],
  properties: {
    urlLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
    session: { type: 'string', maxLength: 64 },
  },
} as const;

export const sandboxDecisionBody = {
  type: 'object',
  required: ['decision'],
  properties: { decision: { enum: ['approve', 'decline'] } },
} as const;
