/** trade-in schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { tradeInQuestionSchema } from '../../content/schemas/trade-in.schema';

/** The condition questions a programme may ask (content/schemas/trade-in.schema.ts). */
const questionId = tradeInQuestionSchema.properties.id;

/** Where a trade-in stands; `expired` is an evaluation past its validity (shown, never stored). */
export const TRADE_IN_STATES = [
  'evaluated',
  'expired',
  'not_evaluated',
  'cancelled',
  'redeemed',
  'picked_up',
  'assessed',
  'refunded',
  'completed',
] as const;
export type TradeInState = (typeof TRADE_IN_STATES)[number];

export const tradeInTimingSchema = {
  type: 'object',
  required: ['pickup_days', 'refund_days', 'rebate_business_days'],
  properties: {
    pickup_days: { type: 'integer' },
    refund_days: { type: 'integer' },
    rebate_business_days: { type: 'integer' },
  },
} as const;
export type TradeInTimingView = FromSchema<typeof tradeInTimingSchema>;

export const tradeInProgrammeSchema = {
  type: 'object',
  required: ['currency', 'exponent', 'validity_days', 'timing', 'models', 'questions', 'phones'],
  properties: {
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    validity_days: { type: 'integer' },
    timing: tradeInTimingSchema,
    models: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'brand', 'model', 'storages'],
        properties: {
          id: { type: 'string' },
          brand: { type: 'string' },
          model: { type: 'string' },
          storages: {
            type: 'array',
            items: {
              type: 'object',
              required: ['storage', 'base_value'],
              properties: { storage: { type: 'string' }, base_value: { type: 'integer' } },
            },
          },
        },
      },
    },
    questions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'options'],
        properties: {
          id: questionId,
          options: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'deduction_percent', 'not_eligible'],
              properties: {
                id: { type: 'string' },
                deduction_percent: { type: 'integer' },
                not_eligible: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
    phones: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'name', 'image', 'bonus', 'subsidy', 'from_price'],
        properties: {
          product_id: { type: 'string' },
          name: { type: 'string' },
          image: { type: 'string' },
          bonus: { type: 'integer' },
          subsidy: { type: 'integer' },
          from_price: { type: ['integer', 'null'] },
        },
      },
    },
  },
} as const;
export type TradeInProgrammeView = FromSchema<typeof tradeInProgrammeSchema>;

const ms = { type: ['integer', 'null'] } as const;

/** A trade-in as the API shows it to its owner (money in minor units with the currency's exponent). */
export const tradeInSchema = {
  type: 'object',
  required: [
    'id',
    'model_id',
    'brand',
    'model',
    'storage',
    'answers',
    'imei',
    'currency',
    'exponent',
    'base_value',
    'exchange_value',
    'offers',
    'product_id',
    'product_name',
    'bonus',
    'subsidy',
    'state',
    'cancellable',
    'order_id',
    'order_state',
    'valid_until',
    'created_at',
    'redeemed_at',
    'picked_up_at',
    'assessed_at',
    'closed_at',
    'cancelled_at',
  ],
  properties: {
    id: { type: 'string' },
    model_id: { type: 'string' },
    brand: { type: 'string' },
    model: { type: 'string' },
    storage: { type: 'string' },
    /** As a list: question ids are kebab-case and the clients camelCase object keys. */
    answers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['question', 'answer'],
        properties: { question: questionId, answer: { type: 'string' } },
      },
    },
    imei: { type: 'string' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    base_value: { type: 'integer' },
    exchange_value: { type: 'integer' },
    offers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'bonus', 'subsidy', 'total'],
        properties: {
          product_id: { type: 'string' },
          bonus: { type: 'integer' },
          subsidy: { type: 'integer' },
          total: { type: 'integer', description: 'exchange value + bonus' },
        },
      },
    },
    product_id: { type: ['string', 'null'] },
    product_name: { type: ['string', 'null'] },
    bonus: { type: ['integer', 'null'] },
    subsidy: { type: ['integer', 'null'] },
    state: { enum: TRADE_IN_STATES },
    cancellable: { type: 'boolean' },
    order_id: { type: ['string', 'null'] },
    order_state: { type: ['string', 'null'] },
    valid_until: { type: 'integer' },
    created_at: { type: 'integer' },
    redeemed_at: ms,
    picked_up_at: ms,
    assessed_at: ms,
    closed_at: ms,
    cancelled_at: ms,
  },
} as const;
export type TradeInView = FromSchema<typeof tradeInSchema>;

export const tradeInAnswer = {
  type: 'object',
  required: ['trade_in'],
  properties: { trade_in: tradeInSchema },
} as const;
export type TradeInAnswer = FromSchema<typeof tradeInAnswer>;

export const tradeInListAnswer = {
  type: 'object',
  required: ['trade_ins', 'timing'],
  properties: { trade_ins: { type: 'array', items: tradeInSchema }, timing: tradeInTimingSchema },
} as const;
export type TradeInListAnswer = FromSchema<typeof tradeInListAnswer>;

/** Evaluate an old device: its model, storage, the answers to the programme's questions and its IMEI. */
export const tradeInEvaluateBody = {
  type: 'object',
  required: ['modelId', 'storage', 'answers', 'imei'],
  properties: {
    modelId: { type: 'string', maxLength: 60 },
    storage: { type: 'string', maxLength: 10 },
    answers: { type: 'object', maxProperties: 12, additionalProperties: { type: 'string', maxLength: 40 } },
    imei: { type: 'string', maxLength: 40 },
  },
} as const;
export type TradeInEvaluateBody = FromSchema<typeof tradeInEvaluateBody>;

export const tradeInCancelBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
export type TradeInCancelBody = FromSchema<typeof tradeInCancelBody>;
