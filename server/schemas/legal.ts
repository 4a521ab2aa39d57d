/** API schemas of the legal documents an order was placed under. */
import type { FromSchema } from 'json-schema-to-ts';

const version = { type: 'string', pattern: '^[0-9]+\\.[0-9]+$' } as const;
const language = { type: 'string', description: 'the language the document was shown in (catalogue code)' } as const;

/** What a shopper accepted with an order: the version of each document and the language it was shown in. */
export const legalAcceptanceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['terms_version', 'terms_language', 'privacy_version', 'privacy_language', 'accepted_at'],
  properties: {
    terms_version: version,
    terms_language: language,
    privacy_version: version,
    privacy_language: language,
    accepted_at: { type: 'string', format: 'date-time' },
  },
} as const;
export type LegalAcceptanceView = FromSchema<typeof legalAcceptanceSchema>;

/** An order's accepted versions, or null for an order placed before they were recorded. */
export const orderLegalAnswer = {
  type: 'object',
  required: ['order_id', 'legal'],
  properties: {
    order_id: { type: 'string' },
    legal: { oneOf: [legalAcceptanceSchema, { type: 'null' }] },
  },
} as const;
export type OrderLegalAnswer = FromSchema<typeof orderLegalAnswer>;

export const orderLegalQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 20, description: 'the order number' } },
} as const;
