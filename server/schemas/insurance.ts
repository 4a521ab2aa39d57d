/**
 * Device insurance: API schemas of the plan offered in the cart and at checkout, the insurance lines of an order,
 * the policies (one per insured unit) and the claims made on them through the after-sales requests.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { commodityId } from './common';

/**
 * Where a policy stands: the order is not paid yet (awaiting_payment), paid but the unit not delivered
 * (awaiting_delivery), covered (active), past its cover (expired), void with its order (cancelled), the plan alone
 * withdrawn (withdrawn), or ended with the device's return (returned).
 */
export const POLICY_STATES = [
  'awaiting_payment',
  'awaiting_delivery',
  'active',
  'expired',
  'cancelled',
  'withdrawn',
  'returned',
] as const;
export type PolicyState = (typeof POLICY_STATES)[number];

const money = { type: 'integer', description: 'minor units of the currency' } as const;
const at = { type: ['integer', 'null'], description: 'ms since the epoch' } as const;
const id = { type: 'string', maxLength: 20 } as const;

/**
 * The plan a device line of the cart can have (cart numbers are major units, as the cart's prices are).
 */
export const cartInsuranceOffer = {
  type: 'object',
  additionalProperties: false,
  required: ['plan_id', 'price', 'cover_months', 'claims_per_year', 'insured'],
  properties: {
    plan_id: { type: 'string' },
    price: { type: 'number', description: 'per unit, in major units like the cart prices' },
    cover_months: { type: 'integer' },
    claims_per_year: { type: 'integer' },
    insured: { type: 'boolean', description: 'the shopper chose the plan for every unit of this line' },
  },
} as const;

/** POST cart/insurance: insure every unit of a device line of the cart, or take the plan off it. */
export const cartInsuranceBody = {
  type: 'object',
  required: ['commodityId', 'insured'],
  properties: { commodityId, insured: { type: 'boolean' } },
} as const;
export type CartInsuranceBody = FromSchema<typeof cartInsuranceBody>;

/** A checked device line of the checkout that can be insured, and whether it is (the plan's price is in the total). */
export const quoteInsuranceSchema = {
  type: 'object',
  required: ['offers', 'total'],
  properties: {
    offers: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'commodity_id',
          'name',
          'plan_id',
          'quantity',
          'unit_price',
          'subtotal',
          'insured',
          'cover_months',
          'claims_per_year',
          'withdrawal_days',
        ],
        properties: {
          commodity_id: { type: 'string' },
          name: { type: 'string' },
          plan_id: { type: 'string' },
          quantity: { type: 'integer', description: 'one plan per unit of the line' },
          unit_price: money,
          subtotal: money,
          insured: { type: 'boolean' },
          cover_months: { type: 'integer' },
          claims_per_year: { type: 'integer' },
          withdrawal_days: { type: 'integer', description: 'the plan alone may be withdrawn this long after delivery' },
        },
      },
    },
    total: { ...money, description: 'the insured plans, included in amounts.items_total' },
  },
} as const;

/** A claim on a policy: its after-sales request and the day of the damage. */
export const claimSchema = {
  type: 'object',
  required: ['request_id', 'request_no', 'state', 'incident_date', 'created_at'],
  properties: {
    request_id: { type: 'string' },
    request_no: { type: 'string' },
    state: { type: 'string' },
    incident_date: { type: 'string', description: 'YYYY-MM-DD' },
    created_at: { type: 'integer' },
  },
} as const;

/** One policy (one insured unit) as its owner and staff see it. */
export const policySchema = {
  type: 'object',
  required: [
    'policy_id',
    'order_id',
    'url_local',
    'line_no',
    'unit_no',
    'commodity_id',
    'product_name',
    'plan_id',
    'imei',
    'state',
    'starts_at',
    'ends_at',
    'price',
    'currency',
    'exponent',
    'cover_months',
    'claims_per_year',
    'claims_in_year',
    'can_claim',
    'withdraw_until',
    'can_withdraw',
    'refund_amount',
    'claims',
  ],
  properties: {
    policy_id: { type: 'string' },
    order_id: { type: 'string' },
    url_local: { type: 'string' },
    line_no: { type: 'integer', description: 'the device line of the order' },
    unit_no: { type: 'integer', description: 'which unit of that line (1…quantity)' },
    commodity_id: { type: 'string' },
    product_name: { type: 'string' },
    plan_id: { type: 'string' },
    imei: { type: ['string', 'null'], description: 'the insured unit, once its shipment names it' },
    state: { enum: POLICY_STATES },
    starts_at: { ...at, description: 'the unit was delivered' },
    ends_at: at,
    price: money,
    currency: { type: 'string' },
    exponent: { type: 'integer', description: 'minor digits of the currency' },
    cover_months: { type: 'integer' },
    claims_per_year: { type: 'integer' },
    claims_in_year: { type: 'integer', description: 'claims counted against the limit in the last 12 months' },
    can_claim: { type: 'boolean' },
    withdraw_until: { ...at, description: 'the last moment the plan alone may be cancelled for its refund' },
    can_withdraw: { type: 'boolean' },
    refund_amount: { type: ['integer', 'null'], description: 'what a withdrawal or a return gave back' },
    claims: { type: 'array', items: claimSchema },
  },
} as const;
export type PolicyView = FromSchema<typeof policySchema>;

/** The insurance of an order: its lines (one per insured device line) and their policies. */
export const orderInsuranceSchema = {
  type: 'object',
  required: ['lines', 'policies'],
  properties: {
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line_no', 'plan_id', 'quantity', 'unit_price', 'subtotal'],
        properties: {
          line_no: { type: 'integer', description: 'the device line it covers' },
          plan_id: { type: 'string' },
          quantity: { type: 'integer' },
          unit_price: money,
          subtotal: money,
        },
      },
    },
    policies: { type: 'array', items: policySchema },
  },
} as const;
export type OrderInsuranceView = FromSchema<typeof orderInsuranceSchema>;

export const policiesAnswer = {
  type: 'object',
  required: ['policies'],
  properties: { policies: { type: 'array', items: policySchema } },
} as const;
export type PoliciesAnswer = FromSchema<typeof policiesAnswer>;

export const policyIdBody = { type: 'object', required: ['policyId'], properties: { policyId: id } } as const;
export type PolicyIdBody = FromSchema<typeof policyIdBody>;

export const withdrawAnswer = {
  type: 'object',
  required: ['policy', 'refunded'],
  properties: { policy: policySchema, refunded: money },
} as const;
export type WithdrawAnswer = FromSchema<typeof withdrawAnswer>;

/** POST aftersales/claim: a claim on a policy, with the insured unit's IMEI, the day and the damage, photos. */
export const claimBody = {
  type: 'object',
  required: ['policyId', 'imei', 'incidentDate', 'description', 'uploadIds'],
  properties: {
    policyId: id,
    imei: { type: 'string', maxLength: 30 },
    incidentDate: { type: 'string', format: 'date' },
    description: { type: 'string', maxLength: 1000 },
    uploadIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type ClaimBody = FromSchema<typeof claimBody>;

export const claimAnswer = {
  type: 'object',
  required: ['request_id', 'request_no', 'policy'],
  properties: { request_id: { type: 'string' }, request_no: { type: 'string' }, policy: policySchema },
} as const;
export type ClaimAnswer = FromSchema<typeof claimAnswer>;

/** Staff: the policy behind a claim, to judge it (cover, claims in the year, the day of the damage). */
export const staffClaimQuery = { type: 'object', required: ['requestId'], properties: { requestId: id } } as const;
export const staffClaimAnswer = {
  type: 'object',
  required: ['policy', 'incident_date'],
  properties: { policy: policySchema, incident_date: { type: 'string' } },
} as const;
export type StaffClaimAnswer = FromSchema<typeof staffClaimAnswer>;
