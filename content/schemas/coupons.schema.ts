import type { FromSchema } from 'json-schema-to-ts';

/**
 * Coupons a storefront offers: amount off, percent off with a cap, free shipping, and the
 * exchange coupon (valid only on phones). Amounts are in the country's currency, major units like the catalogue's
 * prices; the API keeps them in minor units.
 */
export const couponSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'code', 'local', 'kind', 'title', 'startsAt', 'endsAt', 'minSpend', 'totalStock', 'perUserLimit'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,40}$' },
    /** What a shopper types to claim it. */
    code: { type: 'string', pattern: '^[A-Z0-9]{4,20}$' },
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    kind: { enum: ['amount', 'percent', 'free_shipping', 'exchange'] },
    /** In the country's default language. */
    title: { type: 'string', minLength: 1, maxLength: 80 },
    /** amount and exchange: the money off. */
    amount: { type: 'number', exclusiveMinimum: 0 },
    /** percent: 1–90 % of the eligible lines, at most `cap`. */
    percent: { type: 'integer', minimum: 1, maximum: 90 },
    cap: { type: 'number', exclusiveMinimum: 0 },
    /** The eligible lines must add up to at least this much. */
    minSpend: { type: 'number', minimum: 0 },
    /** Eligible categories and products; absent means the whole catalogue (the exchange coupon: phones only). */
    categories: { type: 'array', minItems: 1, items: { type: 'string' } },
    products: { type: 'array', minItems: 1, items: { type: 'string' } },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    /** How many can be claimed in all. */
    totalStock: { type: 'integer', minimum: 1 },
    /** How many one shopper may claim. */
    perUserLimit: { type: 'integer', minimum: 1, maximum: 10 },
    /** Given by a programme ('friend': the friend codes), never claimed by its code or from a page. */
    claimGate: { enum: ['friend'] },
    /** Only the holder's first order in the country takes it (no other order of theirs but cancelled ones). */
    firstOrderOnly: { type: 'boolean' },
  },
  allOf: [
    // Strict ajv wants the required properties named in the same subschema.
    {
      if: { properties: { kind: { enum: ['amount', 'exchange'] } } },
      then: { properties: { amount: true }, required: ['amount'] },
    },
    {
      if: { properties: { kind: { const: 'percent' } } },
      then: { properties: { percent: true, cap: true }, required: ['percent', 'cap'] },
    },
  ],
} as const;
export type Coupon = FromSchema<typeof couponSchema>;

export const couponsSchema = {
  $id: 'coupons',
  type: 'object',
  additionalProperties: false,
  required: ['coupons'],
  properties: { coupons: { type: 'array', items: couponSchema } },
} as const;
export type CouponsSnapshot = FromSchema<typeof couponsSchema>;
