import type { FromSchema } from 'json-schema-to-ts';

/** The kinds of documents the store issues after a sale. */
export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

/** An invoice or credit note as lists show it; money in minor units of its currency (negative on a credit note). */
export const documentSchema = {
  type: 'object',
  required: ['id', 'kind', 'number', 'order_id', 'local', 'issued_at', 'total', 'tax', 'currency', 'corrects'],
  properties: {
    id: { type: 'string', description: 'the document id to download it by' },
    kind: { type: 'string', enum: DOCUMENT_KINDS },
    number: { type: 'string', description: 'e.g. DE-2026-000001; credit notes DE-CN-2026-000001' },
    order_id: { type: 'string' },
    local: { type: 'string', description: 'the country whose series it is numbered in' },
    issued_at: { type: 'integer', description: 'ms since the epoch' },
    total: { type: 'integer' },
    tax: { type: 'integer' },
    currency: { type: 'string' },
    corrects: { type: ['string', 'null'], description: 'a credit note: the number of the invoice it corrects' },
  },
} as const;
export type DocumentView = FromSchema<typeof documentSchema>;

export const documentListSchema = {
  type: 'object',
  required: ['documents'],
  properties: { documents: { type: 'array', items: documentSchema } },
} as const;
export type DocumentListView = FromSchema<typeof documentListSchema>;

/** The documents of one of the user's orders. */
export const orderDocumentsQuery = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', maxLength: 20 } },
} as const;

/** One document to download (the owner's; any for staff). */
export const documentPdfQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;

/** Staff: documents by country, issue dates (YYYY-MM-DD, both included), number prefix and kind. */
export const staffDocumentsQuery = {
  type: 'object',
  properties: {
    country: { type: 'string', pattern: '^[a-z]{2}$' },
    from: { type: 'string', format: 'date' },
    to: { type: 'string', format: 'date' },
    number: { type: 'string', maxLength: 40 },
    kind: { type: 'string', enum: DOCUMENT_KINDS },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
} as const;
export type StaffDocumentsQuery = FromSchema<typeof staffDocumentsQuery>;
