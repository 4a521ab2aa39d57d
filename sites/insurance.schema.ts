/**
 * JSON Schema of sites/insurance.json, the device insurance plans a release manager edits: the cover every plan gives
 * (months from delivery, claims in a rolling year, the withdrawal period of the plan alone, the categories it
 * insures) as a default with per-country changes, and each selling country's prices in minor units by the device's
 * price. The single source of the `InsuranceFile` type; validateInsurancePlans() (validate.ts) checks the file.
 */
import type { FromSchema } from 'json-schema-to-ts';

const minor = { type: 'integer', minimum: 1, maximum: 1_000_000_000_000 } as const;
const coverProperties = {
  /** The plan's id, recorded on the order (one plan type today: accidental damage). */
  planId: { type: 'string', pattern: '^[a-z0-9-]{3,40}$' },
  /** Months of cover from the device's delivery. */
  coverMonths: { type: 'integer', minimum: 1, maximum: 60 },
  /** Claims a policy may make in any rolling year. */
  claimsPerYear: { type: 'integer', minimum: 1, maximum: 12 },
  /** Days from the start of cover in which the plan alone may be cancelled for its refund. */
  withdrawalDays: { type: 'integer', minimum: 14, maximum: 60 },
  /** Catalogue categories whose devices the plan insures. */
  categories: {
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', pattern: '^[a-z][a-z-]{1,40}$' },
  },
} as const;

/** One price of a country: devices whose unit price is at most `upTo` (the last band has none: any price). */
export const priceBandSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['price'],
  properties: { upTo: minor, price: minor },
} as const;

export const insuranceCoverSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['planId', 'coverMonths', 'claimsPerYear', 'withdrawalDays', 'categories'],
  properties: coverProperties,
} as const;
export type InsuranceCover = FromSchema<typeof insuranceCoverSchema>;

export const insuranceCountrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'bands'],
  properties: {
    ...coverProperties,
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    /** Ascending by `upTo`; the last band is open. */
    bands: { type: 'array', minItems: 1, maxItems: 10, items: priceBandSchema },
  },
} as const;
export type InsuranceCountry = FromSchema<typeof insuranceCountrySchema>;

export const insuranceFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'countries'],
  properties: {
    $comment: { type: 'string' },
    default: insuranceCoverSchema,
    /** The countries that sell the plan (their two-letter local), with their prices and what differs. */
    countries: { type: 'object', additionalProperties: insuranceCountrySchema },
  },
} as const;
export type InsuranceFile = FromSchema<typeof insuranceFileSchema>;
