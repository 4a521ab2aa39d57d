/**
 * How a country shows prices. Data lives in sites/ (one per country); the formatter lives here and takes the
 * display as a parameter so widgets can format without importing site config.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const priceDisplaySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'prefix', 'suffix', 'position', 'thousandsSeparator', 'decimalSeparator', 'decimals'],
  properties: {
    /** ISO 4217 code. */
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    /** Text before the number, spacing included: "£", "Rp", "AED ". */
    prefix: { type: 'string', maxLength: 6 },
    /** Text after the number, spacing included: " €", "원". */
    suffix: { type: 'string', maxLength: 6 },
    /** Where the currency sign stands; the matching prefix/suffix is non-empty. */
    position: { enum: ['prefix', 'suffix'] },
    thousandsSeparator: { type: 'string', maxLength: 1 },
    decimalSeparator: { type: 'string', minLength: 1, maxLength: 1 },
    /** Fraction digits shown; 0 = integer display (the value is rounded). */
    decimals: { type: 'integer', minimum: 0, maximum: 3 },
    /** 'indian' groups lakhs and crores (1,29,999); default 'standard' groups by three. */
    grouping: { enum: ['standard', 'indian'] },
  },
} as const;

export type PriceDisplay = FromSchema<typeof priceDisplaySchema>;
