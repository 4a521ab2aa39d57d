/**
 * Schemas of convenience-store (konbini) payments: starting one at a chain, the code the shopper shows at the
 * counter (with its barcode, amount, the counter's fee and the deadline), and the sandbox counter's form. Money is
 * integer minor units.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { STORES } from './payment-methods';
import { PAYMENT_STATES } from './async-payments';

export const konbiniStartBody = {
  type: 'object',
  required: ['orderId', 'store'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    /** The chain whose counter takes the payment (one of the country's konbini methods). */
    store: { enum: STORES },
  },
} as const;
export type KonbiniStartBody = FromSchema<typeof konbiniStartBody>;

/** A konbini payment's code as the shopper shows it at the counter, and where the payment stands. */
export const konbiniCodeView = {
  type: 'object',
  required: [
    'payment_id',
    'order_id',
    'store',
    'code',
    'confirmation',
    'barcode_svg',
    'amount',
    'fee',
    'currency',
    'exponent',
    'expires_at',
    'state',
    'result_url',
  ],
  additionalProperties: false,
  properties: {
    payment_id: { type: 'string' },
    order_id: { type: 'string' },
    store: { enum: STORES },
    /** The payment code the counter types in or scans. */
    code: { type: 'string' },
    /** The second number some chains ask for (Lawson and FamilyMart in Japan); null elsewhere. */
    confirmation: { type: ['string', 'null'] },
    /** The code as a Code 128 barcode (SVG) for the counter's scanner. */
    barcode_svg: { type: 'string' },
    /** What the order costs (minor units); the counter adds `fee` as the store's own charge. */
    amount: { type: 'integer' },
    fee: { type: 'integer', minimum: 0 },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    /** The deadline (ms since the epoch): the code, the order and its stock hold lapse together. */
    expires_at: { type: 'integer' },
    state: { enum: PAYMENT_STATES },
    result_url: { type: 'string' },
  },
} as const;
export type KonbiniCodeView = FromSchema<typeof konbiniCodeView>;

export const konbiniPaymentParams = {
  type: 'object',
  required: ['paymentId'],
  properties: { paymentId: { type: 'string', maxLength: 20 } },
} as const;

export const konbiniOrderQuery = {
  type: 'object',
  required: ['orderId'],
  additionalProperties: false,
  properties: { orderId: { type: 'string', pattern: '^[0-9]{1,18}$' } },
} as const;

/** The order's open konbini code, or null when none waits (paid, lapsed, or another method). */
export const konbiniOfOrderAnswer = {
  type: 'object',
  required: ['code'],
  properties: { code: { anyOf: [konbiniCodeView, { type: 'null' }] } },
} as const;
export type KonbiniOfOrderAnswer = FromSchema<typeof konbiniOfOrderAnswer>;

/** The sandbox counter: the code typed in (and the confirmation number at chains that use one). */
export const konbiniCounterQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    code: { type: 'string', maxLength: 40 },
    confirmation: { type: 'string', maxLength: 20 },
  },
} as const;

export const konbiniCounterBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: {
    code: { type: 'string', maxLength: 40 },
    confirmation: { type: 'string', maxLength: 20 },
  },
} as const;
