/** payments schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { ORDER_STATES, money } from './order';
import { planOffersProperties } from './payment-plans';

/** What GET payment/methods answers, without the instalment and pay-later offers. */
export const paymentMethodsBase = {
  type: 'object',
  required: [
    'order_id',
    'state',
    'total',
    'currency',
    'exponent',
    'pay_before',
    'methods',
    'saved_cards',
    'max_saved_cards',
  ],
  properties: {
    order_id: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    total: { type: 'integer' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    pay_before: { type: 'integer' },
    methods: { type: 'array', items: { type: 'string' } },
    saved_cards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'brand', 'last4', 'expiry'],
        properties: {
          id: { type: 'string' },
          brand: { type: 'string' },
          last4: { type: 'string' },
          expiry: { type: 'string' },
        },
      },
    },
    max_saved_cards: { type: 'integer' },
  },
} as const;
export type PaymentMethodsBase = FromSchema<typeof paymentMethodsBase>;

/** What GET payment/methods answers: the ways to pay with the instalment and pay-later offers of this amount. */
export const paymentMethodsAnswer = {
  ...paymentMethodsBase,
  properties: { ...paymentMethodsBase.properties, ...planOffersProperties },
} as const;
export type PaymentMethodsAnswer = FromSchema<typeof paymentMethodsAnswer>;

/** The answer of a payment call (card, instalments): succeeded, or a one-time password to ask. */
export const paymentAnswer = {
  type: 'object',
  required: ['state', 'order_id', 'payment_id'],
  properties: {
    state: { enum: ['succeeded', 'otp_required'] },
    order_id: { type: 'string' },
    payment_id: { type: 'string' },
    card_saved: { type: 'boolean' },
  },
} as const;
export type PaymentAnswer = FromSchema<typeof paymentAnswer>;

export const paymentCardsAnswer = {
  type: 'object',
  required: ['cards', 'max'],
  properties: {
    cards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'brand', 'last4', 'expiry'],
        properties: {
          id: { type: 'string' },
          brand: { type: 'string' },
          last4: { type: 'string' },
          expiry: { type: 'string' },
        },
      },
    },
    max: { type: 'integer' },
  },
} as const;
export type PaymentCardsAnswer = FromSchema<typeof paymentCardsAnswer>;

export const splitPartSchema = {
  type: 'object',
  required: ['id', 'method', 'state', 'amount'],
  properties: {
    id: { type: 'string' },
    method: { type: 'string', enum: ['card', 'bank_transfer'] },
    state: {
      type: 'string',
      enum: ['pending', 'succeeded', 'failed', 'reversed'],
      description: 'reversed: charged after the order closed, and refunded',
    },
    amount: money,
    card: { type: ['string', 'null'] },
    failure: { type: ['string', 'null'] },
    reference: { type: 'string' },
    time: { type: 'integer' },
  },
} as const;
export type SplitPartView = FromSchema<typeof splitPartSchema>;

export const splitSummarySchema = {
  type: 'object',
  required: [
    'order_id',
    'state',
    'currency',
    'exponent',
    'due',
    'paid',
    'held',
    'remaining',
    'split_required',
    'split_from',
    'max_card_part',
    'parts',
    'transfer_account',
  ],
  properties: {
    order_id: { type: 'string' },
    state: { type: 'string', enum: ORDER_STATES },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    due: { ...money, description: 'the total less gift cards' },
    paid: { ...money, description: 'the succeeded parts' },
    held: { ...money, description: 'pending parts (card charges under way, transfers not yet arrived)' },
    remaining: { ...money, description: 'what a new part may take' },
    split_required: { type: 'boolean' },
    split_from: money,
    max_card_part: {
      ...money,
      description: 'the largest card part (the split threshold when split payment is required)',
    },
    parts: { type: 'array', items: splitPartSchema },
    transfer_account: {
      type: 'object',
      required: ['bank', 'name', 'iban', 'bic'],
      properties: {
        bank: { type: 'string' },
        name: { type: 'string' },
        iban: { type: 'string' },
        bic: { type: 'string' },
      },
    },
  },
} as const;
export type SplitSummaryView = FromSchema<typeof splitSummarySchema>;

export const paymentSplitCardAnswer = {
  type: 'object',
  required: ['order_id', 'part_id', 'paid', 'remaining'],
  properties: {
    order_id: { type: 'string' },
    part_id: { type: 'string' },
    paid: { type: 'boolean' },
    remaining: money,
  },
} as const;
export type PaymentSplitCardAnswer = FromSchema<typeof paymentSplitCardAnswer>;

export const paymentSplitTransferAnswer = {
  type: 'object',
  required: ['order_id', 'part_id', 'reference'],
  properties: { order_id: { type: 'string' }, part_id: { type: 'string' }, reference: { type: 'string' } },
} as const;
export type PaymentSplitTransferAnswer = FromSchema<typeof paymentSplitTransferAnswer>;

/** Pay an order by card: a new card, or a saved one (with its CVV asked again). */
export const paymentCardBody = {
  type: 'object',
  required: ['orderId', 'cvv'],
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    number: { type: 'string', maxLength: 30 },
    expiry: { type: 'string', maxLength: 7 },
    cvv: { type: 'string', maxLength: 4 },
    holder: { type: 'string', maxLength: 100 },
    savedCardId: { type: 'string', maxLength: 20 },
    saveCard: { type: 'boolean' },
  },
  // A new card needs its number, expiry and holder; a saved card only its id (and the CVV, asked again).
  if: { not: { required: ['savedCardId'] } },
  then: { required: ['number', 'expiry', 'holder'] },
} as const;
export type PaymentCardBody = FromSchema<typeof paymentCardBody>;

/** The amount of one part of a split payment (minor units). */
export const splitAmount = { type: 'integer', minimum: 1, maximum: 1_000_000_000_000 } as const;

/** The order a payment call is about. */
export const paymentOrderQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 20 } },
} as const;

/** The one-time password the card issuer sent for a payment. */
export const paymentOtpBody = {
  type: 'object',
  required: ['paymentId', 'otp'],
  properties: { paymentId: { type: 'string', maxLength: 20 }, otp: { type: 'string', maxLength: 12 } },
} as const;
export type PaymentOtpBody = FromSchema<typeof paymentOtpBody>;

export const savedCardDeleteBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
export type SavedCardDeleteBody = FromSchema<typeof savedCardDeleteBody>;

/** One part of a split payment paid by card. */
export const splitCardBody = {
  type: 'object',
  required: ['orderId', 'amount', 'number', 'expiry', 'cvv', 'holder'],
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    amount: splitAmount,
    number: { type: 'string', maxLength: 30 },
    expiry: { type: 'string', maxLength: 7 },
    cvv: { type: 'string', maxLength: 4 },
    holder: { type: 'string', maxLength: 100 },
  },
} as const;
export type SplitCardBody = FromSchema<typeof splitCardBody>;

/** One part of a split payment announced as a bank transfer. */
export const splitTransferBody = {
  type: 'object',
  required: ['orderId', 'amount'],
  properties: { orderId: { type: 'string', maxLength: 20 }, amount: splitAmount },
} as const;
export type SplitTransferBody = FromSchema<typeof splitTransferBody>;
