/**
 * JSON Schema of sites/student-offers.json: per country the semesters and the semester's student coupon, as a default
 * and each country's changes. The single source of the `StudentOffersFile` type; validateStudentOffers()
 * (student-program-validate.ts) checks it.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { STUDENT_SEMESTER_NAMES } from '../server/schemas/students';

const semesters = {
  type: 'array',
  minItems: 2,
  maxItems: 4,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'starts'],
    properties: {
      name: { enum: STUDENT_SEMESTER_NAMES },
      /** MM-DD, in the country's time zone; the semester lasts until the next one starts. */
      starts: { type: 'string', pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' },
    },
  },
} as const;
const amount = { type: 'number', exclusiveMinimum: 0 } as const;
const couponProperties = {
  /** Off one phone or tablet. */
  percent: { type: 'integer', minimum: 1, maximum: 90 },
  /** The most the coupon takes off, in euros (converted to the country's currency). */
  capEur: amount,
  /** The same in the country's own major units; wins over capEur. */
  cap: amount,
  /** Only a device priced at most this, in the country's major units. */
  maxUnitPrice: amount,
} as const;

export const studentOffersFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'countries'],
  properties: {
    $comment: { type: 'string' },
    default: {
      type: 'object',
      additionalProperties: false,
      required: ['semesters', 'coupon'],
      properties: {
        semesters,
        coupon: {
          type: 'object',
          additionalProperties: false,
          required: ['percent', 'capEur'],
          properties: couponProperties,
        },
      },
    },
    /** Per country (its two-letter local): only what differs from the default. */
    countries: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: {
          semesters,
          coupon: { type: 'object', additionalProperties: false, properties: couponProperties },
        },
      },
    },
  },
} as const;
export type StudentOffersFile = FromSchema<typeof studentOffersFileSchema>;
