/**
 * Schemas of the bank virtual account (method bank_va): starting one (the shopper picks a bank), where it stands
 * (the account to pay, what the bank feed reported received and what is still owed), and the sandbox bank's forms.
 * Money is integer minor units with its currency.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { PAYMENT_STATES } from './async-payments';

/** The banks that open a virtual account in Indonesia (the sandbox's, as the real aggregators'), in checkout order. */
export const VA_BANKS = ['bca', 'bni', 'bri', 'mandiri'] as const;
export type VaBank = (typeof VA_BANKS)[number];
/** The banks' names as shoppers know them: brands, the same in every language. */
export const VA_BANK_NAMES: Readonly<Record<VaBank, string>> = {
  bca: 'BCA',
  bni: 'BNI',
  bri: 'BRI',
  mandiri: 'Mandiri',
};

export const bankStartBody = {
  type: 'object',
  required: ['orderId', 'bank'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    bank: { enum: VA_BANKS },
  },
} as const;
export type BankStartBody = FromSchema<typeof bankStartBody>;

/** The account the shopper transfers to, until `expires_at` (ms), and what the feed has seen so far. */
export const bankTransferAnswer = {
  type: 'object',
  required: [
    'payment_id',
    'order_id',
    'state',
    'failure_code',
    'bank',
    'account_number',
    'amount',
    'amount_received',
    'amount_remaining',
    'currency',
    'expires_at',
  ],
  properties: {
    payment_id: { type: 'string' },
    order_id: { type: 'string' },
    state: { enum: PAYMENT_STATES },
    failure_code: { type: ['string', 'null'] },
    bank: { enum: VA_BANKS },
    account_number: { type: 'string' },
    /** The exact amount to transfer (minor units). */
    amount: { type: 'integer' },
    /** What the bank feed reported received on the account so far. */
    amount_received: { type: 'integer' },
    /** What is still owed while the payment is pending (0 once paid). */
    amount_remaining: { type: 'integer' },
    currency: { type: 'string' },
    expires_at: { type: ['integer', 'null'] },
  },
} as const;
export type BankTransferAnswer = FromSchema<typeof bankTransferAnswer>;

export const bankPaymentParams = {
  type: 'object',
  required: ['paymentId'],
  properties: { paymentId: { type: 'string', maxLength: 20 } },
} as const;

/** The sandbox bank's transfer page: which account it shows (optional). */
export const bankSandboxQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { number: { type: 'string', maxLength: 30 } },
} as const;

/** The sandbox bank's transfer form: an account number and a whole amount in minor units. */
export const bankSandboxTransferBody = {
  type: 'object',
  required: ['number', 'amount'],
  properties: {
    number: { type: 'string', pattern: '^[0-9]{6,30}$' },
    amount: { type: 'string', pattern: '^[0-9]{1,15}$' },
  },
} as const;

/** The sandbox bank's control: switch a bank's account validation down or up. */
export const bankSandboxValidationBody = {
  type: 'object',
  required: ['bank', 'state'],
  properties: { bank: { enum: VA_BANKS }, state: { enum: ['down', 'up'] } },
} as const;
