import type { FromSchema } from 'json-schema-to-ts';

/**
 * Trade-in programmes (trade-in and exchange of old devices), one per country: the old devices the
 * store takes back with a base value per storage, the condition questions that take value off (or make the device
 * not eligible), and the bonus and subsidy each eligible new phone adds. Money is integer minor units of the
 * country's currency (IDR has none, EUR and INR have cents). Question and answer labels are catalogue keys
 * `tradeIn.question.<id>` and `tradeIn.answer.<id>.<option>` (content/locales/<language>/support.json).
 */
const slug = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,40}$' } as const;
const minor = { type: 'integer', minimum: 0, maximum: 1_000_000_000_000 } as const;

export const tradeInStorageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['storage', 'baseValue'],
  properties: {
    /** As the shopper reads it on the box: "128GB", "1TB". */
    storage: { type: 'string', pattern: '^[0-9]{1,4}(GB|TB)$' },
    /** What the device is worth in flawless condition, minor units. */
    baseValue: { ...minor, minimum: 1 },
  },
} as const;

export const tradeInModelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'brand', 'model', 'storages'],
  properties: {
    id: slug,
    brand: { type: 'string', minLength: 1, maxLength: 40 },
    model: { type: 'string', minLength: 1, maxLength: 80 },
    storages: { type: 'array', minItems: 1, items: tradeInStorageSchema },
  },
} as const;

export const tradeInOptionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'deductionPercent'],
  properties: {
    id: slug,
    /**
     * Share of the base value this answer takes off (the deductions of all answers add up, at most the whole value).
     */
    deductionPercent: { type: 'integer', minimum: 0, maximum: 100 },
    /** This answer makes the device not eligible (not evaluated), e.g. it does not power on. */
    notEligible: { type: 'boolean' },
  },
} as const;

export const tradeInQuestionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'options'],
  properties: {
    id: { enum: ['powers-on', 'screen', 'body', 'functions', 'accessories'] },
    options: { type: 'array', minItems: 2, items: tradeInOptionSchema },
  },
} as const;

export const tradeInPhoneSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['productId', 'bonus', 'subsidy'],
  properties: {
    /** A phone of the catalogue offered in the country (cross-file rule). */
    productId: { type: 'string' },
    /** Taken off the new phone at checkout on top of the exchange value. */
    bonus: minor,
    /** Paid back after the old device's assessment (rebate timing). */
    subsidy: minor,
  },
} as const;

export const tradeInCountrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['local', 'currency', 'quoteValidityDays', 'timing', 'models', 'questions', 'phones'],
  properties: {
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    /** How long an evaluation can be redeemed. */
    quoteValidityDays: { type: 'integer', minimum: 1, maximum: 30 },
    /** Time limits shown to the shopper. */
    timing: {
      type: 'object',
      additionalProperties: false,
      required: ['pickupDays', 'refundDays', 'rebateBusinessDays'],
      properties: {
        /** The old device is picked up within this many days of the new one's delivery. */
        pickupDays: { type: 'integer', minimum: 1, maximum: 60 },
        /** Money back after the device's assessment, in days. */
        refundDays: { type: 'integer', minimum: 1, maximum: 60 },
        /** The subsidy (trade-in rebate) arrives within this many business days. */
        rebateBusinessDays: { type: 'integer', minimum: 1, maximum: 60 },
      },
    },
    models: { type: 'array', minItems: 1, items: tradeInModelSchema },
    questions: { type: 'array', minItems: 1, items: tradeInQuestionSchema },
    phones: { type: 'array', minItems: 1, items: tradeInPhoneSchema },
  },
} as const;
export type TradeInCountry = FromSchema<typeof tradeInCountrySchema>;

export const tradeInSchema = {
  $id: 'trade-in',
  type: 'object',
  additionalProperties: false,
  required: ['countries'],
  properties: { countries: { type: 'array', items: tradeInCountrySchema } },
} as const;
export type TradeInSnapshot = FromSchema<typeof tradeInSchema>;
