/**
 * JSON Schema of sites/returns.json, the return rules a release manager edits: the return window, the refurbished
 * phones' cooling-off, the pick-up and ship-back promises and the reasons offered, as a default and per-country
 * changes. The single source of the `ReturnRules` type; validateReturnRules() (returns.ts) checks the file.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { RETURN_REASONS } from '../server/schemas/returns';

const days = { type: 'integer', minimum: 1, maximum: 365 } as const;
const ruleProperties = {
  /** Days from delivery a return can be asked for. */
  windowDays: days,
  /** Days from delivery for refurbished phones (their cooling-off). */
  refurbishedWindowDays: days,
  /** Staff pick the goods up within this many days of the request. */
  pickUpWithinDays: days,
  /** A refused return's goods are shipped back within this many days of the refusal. */
  shipBackWithinDays: days,
  /** The reasons a shopper chooses from, in the order shown. */
  reasons: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: RETURN_REASONS } },
} as const;

export const returnRulesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['windowDays', 'refurbishedWindowDays', 'pickUpWithinDays', 'shipBackWithinDays', 'reasons'],
  properties: ruleProperties,
} as const;
export type ReturnRules = FromSchema<typeof returnRulesSchema>;

export const returnRulesFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'countries'],
  properties: {
    $comment: { type: 'string' },
    default: returnRulesSchema,
    /** Per country (its two-letter local): only what differs from the default. */
    countries: {
      type: 'object',
      additionalProperties: { type: 'object', additionalProperties: false, properties: ruleProperties },
    },
  },
} as const;
export type ReturnRulesFile = FromSchema<typeof returnRulesFileSchema>;
