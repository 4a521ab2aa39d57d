/**
 * Schemas of the async payments (e-wallets by redirect, QRIS by QR): starting one, its result the checkout island
 * polls, the provider's webhook answer, and the sandbox provider's approval page. Money is integer minor units.
 */

import type { FromSchema } from 'json-schema-to-ts';

/** The states of the one payment state machine (server/payments/payment-states.ts), for every method. */
export const PAYMENT_STATES = ['pending', 'authorised', 'paid', 'failed', 'expired', 'refunded'] as const;

/** The async methods the store runs so far (the checkout's method list names them the same). */
export const ASYNC_METHODS = ['ewallet', 'qris', 'upi'] as const;

/** The wallets the e-wallet redirect flow offers: Indonesia's four (ShopeePay also in Malaysia) and Japan's PayPay. */
export const ASYNC_WALLETS = ['gopay', 'ovo', 'dana', 'shopeepay', 'paypay'] as const;

/** The devices a payment starts from: a phone opens the wallet app by its deep link, a desktop shows a QR. */
export const ASYNC_DEVICES = ['desktop', 'mobile'] as const;

export const asyncStartBody = {
  type: 'object',
  required: ['orderId', 'method', 'device'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    method: { enum: ASYNC_METHODS },
    /** Which wallet pays by redirect (method ewallet only). */
    wallet: { enum: ASYNC_WALLETS },
    device: { enum: ASYNC_DEVICES },
  },
  // An e-wallet payment names its wallet.
  if: { properties: { method: { const: 'ewallet' } } },
  then: { required: ['wallet'] },
} as const;
export type AsyncStartBody = FromSchema<typeof asyncStartBody>;

/** What the shopper does to approve: open the wallet (redirect), or scan the QR; until `expires_at` (ms). */
export const asyncActionSchema = {
  type: 'object',
  required: ['kind', 'expires_at'],
  properties: {
    kind: { enum: ['redirect', 'qr', 'code', 'account', 'none'] },
    /** redirect: the wallet's page (on a phone, its app's deep link). */
    url: { type: 'string' },
    /** qr: the code as an SVG image and the text it carries; page_url is the sandbox wallet's scan page. */
    svg: { type: 'string' },
    payload: { type: 'string' },
    page_url: { type: 'string' },
    expires_at: { type: 'integer' },
  },
} as const;

export const asyncStartAnswer = {
  type: 'object',
  required: ['payment_id', 'order_id', 'action', 'result_url'],
  properties: {
    payment_id: { type: 'string' },
    order_id: { type: 'string' },
    action: asyncActionSchema,
    /** The result page the shopper returns to, and the island polls. */
    result_url: { type: 'string' },
  },
} as const;
export type AsyncStartAnswer = FromSchema<typeof asyncStartAnswer>;

export const asyncPaymentParams = {
  type: 'object',
  required: ['paymentId'],
  properties: { paymentId: { type: 'string', maxLength: 20 } },
} as const;

/** Where a payment stands in the one payment state machine; `failure_code` says why it failed or lapsed. */
export const asyncResultAnswer = {
  type: 'object',
  required: ['payment_id', 'order_id', 'state', 'failure_code', 'expires_at'],
  properties: {
    payment_id: { type: 'string' },
    order_id: { type: 'string' },
    state: { enum: PAYMENT_STATES },
    failure_code: { type: ['string', 'null'] },
    expires_at: { type: ['integer', 'null'] },
  },
} as const;
export type AsyncResultAnswer = FromSchema<typeof asyncResultAnswer>;

/** The raw body of a provider webhook: verified byte for byte against its signature, then parsed. */
export const asyncWebhookBody = { type: 'string', maxLength: 10_000 } as const;

/** The webhook's answer: `duplicate` when its event id was handled before (nothing is done twice). */
export const asyncWebhookAnswer = {
  type: 'object',
  required: ['handled', 'duplicate'],
  properties: { handled: { type: 'boolean' }, duplicate: { type: 'boolean' } },
} as const;

export const asyncSandboxParams = {
  type: 'object',
  required: ['ref'],
  properties: { ref: { type: 'string', maxLength: 40 } },
} as const;

export const asyncSandboxDecisionBody = {
  type: 'object',
  required: ['decision'],
  properties: { decision: { enum: ['approve', 'cancel'] } },
} as const;
