/**
 * JSON Schema of sites/payment-methods.json: the ways to pay each country offers, in the order the checkout shows
 * them, with their limits (major units of the country's currency), product restrictions, fees and device needs.
 * The single source of the `PaymentMethodConfig` types; validatePaymentMethods() (validate.ts) checks the file.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { DEVICE_NEEDS, PAYMENT_METHODS, STORES, WALLETS } from '../server/schemas/payment-methods';

const amount = { type: 'number', exclusiveMinimum: 0 } as const;

export const methodEntrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['method'],
  properties: {
    method: { enum: PAYMENT_METHODS },
    /** The e-wallet of an `ewallet` entry. */
    wallet: { enum: WALLETS },
    /** The chain of a `konbini` entry. */
    store: { enum: STORES },
    /** Smallest order amount accepted, in major units. */
    min: amount,
    /** Largest order amount accepted, in major units (cash on delivery's courier limit, a wallet's balance cap). */
    max: amount,
    /** Product categories an order must not hold for this method (e.g. phones on delivery). */
    excludeCategories: { type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1 } },
    /** False when a pre-order (deposit or final payment) cannot use it. */
    presale: { type: 'boolean' },
    /** A fee the method adds, in major units. */
    fee: { type: 'number', minimum: 0 },
    /** What the device must have: the Payment Request API, or the wallet's app reported by the app bridge. */
    needs: { enum: DEVICE_NEEDS },
  },
} as const;
export type MethodEntry = FromSchema<typeof methodEntrySchema>;

const countrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'methods'],
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    methods: { type: 'array', minItems: 1, items: methodEntrySchema },
  },
} as const;
export type CountryMethods = FromSchema<typeof countrySchema>;

export const paymentMethodsFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'countries'],
  properties: {
    $comment: { type: 'string' },
    /** What a country not listed offers (amounts have no limits, so no currency is needed). */
    default: { type: 'array', minItems: 1, items: methodEntrySchema },
    /** Per country (its two-letter local): its whole list, replacing the default. */
    countries: { type: 'object', additionalProperties: countrySchema },
  },
} as const;
export type PaymentMethodsFile = FromSchema<typeof paymentMethodsFileSchema>;
