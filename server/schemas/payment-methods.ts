/**
 * Local payment methods: the one list of method ids, the wallets and convenience stores they name, why a method is
 * not offered, and GET /checkout/payment-methods (snake_case keys; widgets see them camelCased).
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Every way to pay the store knows; a country offers a subset, in its own order (sites/payment-methods.json). */
export const PAYMENT_METHODS = [
  'card',
  'apple_pay',
  'google_pay',
  'ewallet',
  'qris',
  'upi',
  'bank_va',
  'konbini',
  'cod',
  'instalments',
  'paylater',
] as const;
export type PaymentMethodId = (typeof PAYMENT_METHODS)[number];

/** The e-wallets an `ewallet` method names. */
export const WALLETS = ['gopay', 'ovo', 'dana', 'shopeepay', 'linepay', 'wechatpay', 'paypay'] as const;
export type WalletId = (typeof WALLETS)[number];

/** The convenience-store chains a `konbini` method names (the shopper pays at their counter). */
export const STORES = ['indomaret', 'alfamart', 'seven_eleven', 'familymart', 'lawson', 'hilife'] as const;
export type StoreId = (typeof STORES)[number];

/** What the device must have for a method: the Payment Request API (Apple/Google Pay), or the wallet's app. */
export const DEVICE_NEEDS = ['payment_request', 'app'] as const;
export type DeviceNeed = (typeof DEVICE_NEEDS)[number];

/** Why a configured method is not offered for this order on this device, checked in this order. */
export const METHOD_REASONS = [
  'currency',
  'presale',
  'products',
  'below_minimum',
  'above_maximum',
  'no_payment_request',
  'app_missing',
] as const;
export type MethodReason = (typeof METHOD_REASONS)[number];

/** The query of GET /checkout/payment-methods: the order, and what the island detected on the device. */
export const paymentMethodsQuery = {
  type: 'object',
  required: ['orderId'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'string', pattern: '^[0-9]{1,18}$' },
    /** The browser has the Payment Request API (feature-detected by the island). */
    paymentRequest: { type: 'boolean', default: false },
    /** Apps the app webview's bridge reports installed, comma-separated ("" or absent outside the app). */
    apps: { type: 'string', maxLength: 200, pattern: '^[a-z,]*$' },
    /** Browser wallets the island's detection found usable (apple_pay,google_pay); absent: as paymentRequest says. */
    wallets: { type: 'string', maxLength: 40, pattern: '^[a-z_,]*$' },
  },
} as const;
export type PaymentMethodsQuery = FromSchema<typeof paymentMethodsQuery>;

/** One method of the country, offered or not; `reason` says why not, `limit` is the bound a limit reason names. */
export const paymentMethodView = {
  type: 'object',
  required: ['key', 'method', 'offered', 'reason', 'fee'],
  additionalProperties: false,
  properties: {
    /** Unique in the list: the method, with its wallet or store ('ewallet:gopay', 'konbini:lawson', 'card'). */
    key: { type: 'string' },
    method: { enum: PAYMENT_METHODS },
    wallet: { enum: WALLETS },
    store: { enum: STORES },
    offered: { type: 'boolean' },
    reason: { anyOf: [{ enum: METHOD_REASONS }, { type: 'null' }] },
    /** Minor units: the minimum or maximum amount a below_minimum / above_maximum reason refers to. */
    limit: { type: 'integer' },
    /** Minor units the method adds to the order (0 for none). */
    fee: { type: 'integer', minimum: 0 },
  },
} as const;
export type PaymentMethodView = FromSchema<typeof paymentMethodView>;

/** What GET /checkout/payment-methods answers: the country's methods in its order, each offered or with a reason. */
export const paymentMethodsListAnswer = {
  type: 'object',
  required: ['order_id', 'currency', 'exponent', 'amount', 'methods'],
  additionalProperties: false,
  properties: {
    order_id: { type: 'string' },
    currency: { type: 'string' },
    /** Decimals of the currency's minor unit. */
    exponent: { type: 'integer' },
    /** Minor units left to pay (gift cards already cover the rest). */
    amount: { type: 'integer' },
    methods: { type: 'array', items: paymentMethodView },
  },
} as const;
export type PaymentMethodsListAnswer = FromSchema<typeof paymentMethodsListAnswer>;
