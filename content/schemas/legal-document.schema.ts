/**
 * One legal document in one language (content/legal/<document>/<language>.json): versioned, with an effective date,
 * in sections the page lists in its table of contents. Texts name per-country facts as {{placeholders}} (the sites'
 * legal facts, the return rules) and link storefront pages as [text](/path/); a part of a section may apply only
 * where a condition holds (`when`). English is the master: content/legal/load.ts checks the others against it.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** The legal documents every storefront publishes. */
export const LEGAL_DOCUMENTS = [
  'terms-of-sale',
  'terms-of-use',
  'privacy-policy',
  'cookie-policy',
  'returns-and-refunds',
  'warranty',
] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

/** Where a part applies: the country's legal guarantee or its absence, the EU, transfers abroad. */
export const LEGAL_CONDITIONS = [
  'legalGuarantee',
  'noLegalGuarantee',
  'eu',
  'notEu',
  'transfersAbroad',
  'noTransfersAbroad',
] as const;

const text = { type: 'string', minLength: 1, maxLength: 2000 } as const;
const when = { enum: LEGAL_CONDITIONS } as const;

const part = {
  oneOf: [
    text,
    {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: { text, when },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['list'],
      properties: { list: { type: 'array', minItems: 1, items: text }, when },
    },
  ],
} as const;

const cookieCategories = {
  type: 'object',
  additionalProperties: false,
  required: ['required', 'functional', 'advertising', 'analytical'],
  properties: { required: text, functional: text, advertising: text, analytical: text },
} as const;

export const legalDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['document', 'language', 'version', 'effectiveDate', 'title', 'description', 'labels', 'sections'],
  properties: {
    document: { enum: LEGAL_DOCUMENTS },
    language: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
    /** Raised with every change of substance; a translation counts only when it carries the English version. */
    version: { type: 'string', pattern: '^[0-9]+\\.[0-9]+$' },
    effectiveDate: { type: 'string', format: 'date' },
    title: { type: 'string', minLength: 1, maxLength: 120 },
    description: { type: 'string', minLength: 1, maxLength: 300 },
    /** The page's own words: the contents heading and the line with the date ({{date}}) and version ({{version}}). */
    labels: {
      type: 'object',
      additionalProperties: false,
      required: ['contents', 'effective'],
      properties: { contents: text, effective: text },
    },
    sections: {
      type: 'array',
      minItems: 3,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'heading', 'body'],
        properties: {
          /** The anchor of the section (#withdrawal), the same in every language. */
          id: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,40}$' },
          heading: { type: 'string', minLength: 1, maxLength: 160 },
          body: { type: 'array', minItems: 1, items: part },
          /** The section ends with the table of the store's cookies (cookie policy only). */
          cookieTable: { const: true },
        },
      },
    },
    /**
     * The cookie policy's words for the generated table: column headings, category names and each cookie's purpose.
     * A cookie the store sets without a purpose here stops the build (English) or leaves the translation incomplete.
     */
    cookies: {
      type: 'object',
      additionalProperties: false,
      required: ['columns', 'categories', 'purposes', 'untilClosed'],
      properties: {
        /** The lifetime of a cookie that ends when the browser closes. */
        untilClosed: text,
        columns: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'category', 'purpose', 'lifetime'],
          properties: { name: text, category: text, purpose: text, lifetime: text },
        },
        categories: cookieCategories,
        purposes: { type: 'object', additionalProperties: text },
      },
    },
  },
} as const;
export type LegalDocument = FromSchema<typeof legalDocumentSchema>;
export type LegalSection = LegalDocument['sections'][number];
export type LegalPart = LegalSection['body'][number];
