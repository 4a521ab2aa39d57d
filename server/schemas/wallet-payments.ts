/**
 * Schemas of paying by a browser wallet (Apple Pay, Google Pay): the token the wallet's sheet gave goes to the
 * server, which has it verified and charges through the card gateway; and the sandbox wallet's test token.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The wallets the browser's Payment Request sheet pays with (method ids of the country's list). */
export const BROWSER_WALLETS = ['apple_pay', 'google_pay'] as const;
export type BrowserWallet = (typeof BROWSER_WALLETS)[number];

/** How the sandbox wallet's test token behaves (README "Apple Pay and Google Pay"). */
export const SANDBOX_TOKEN_OUTCOMES = ['approve', 'decline', 'refuse'] as const;

export const walletPayBody = {
  type: 'object',
  required: ['orderId', 'wallet', 'token'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    wallet: { enum: BROWSER_WALLETS },
    /** The payment token of the wallet's answer, as the sheet gave it (opaque to the store). */
    token: { type: 'string', minLength: 1, maxLength: 4000 },
  },
} as const;
export type WalletPayBody = FromSchema<typeof walletPayBody>;

/** A wallet payment is made or refused at once: no one-time password follows. */
export const walletPayAnswer = {
  type: 'object',
  required: ['state', 'order_id', 'payment_id'],
  properties: {
    state: { enum: ['succeeded'] },
    order_id: { type: 'string' },
    payment_id: { type: 'string' },
  },
} as const;
export type WalletPayAnswer = FromSchema<typeof walletPayAnswer>;

/** What the sandbox wallet's sheet is asked for: a test token bound to the amount and currency it shows. */
export const walletSandboxTokenBody = {
  type: 'object',
  required: ['wallet', 'amount', 'currency'],
  additionalProperties: false,
  properties: {
    wallet: { enum: BROWSER_WALLETS },
    /** Minor units, as the sheet's total showed them. */
    amount: { type: 'integer', minimum: 1 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    outcome: { enum: SANDBOX_TOKEN_OUTCOMES, default: 'approve' },
  },
} as const;
export type WalletSandboxTokenBody = FromSchema<typeof walletSandboxTokenBody>;

export const walletSandboxTokenAnswer = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string' } },
} as const;
