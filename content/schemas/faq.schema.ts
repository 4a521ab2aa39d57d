/**
 * Support FAQ: content/snapshots/support/faq.json (/support/faq/{categoryNumber}/{index}, /support/faq/details/{id}).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { localizedSchema } from './common.schema';

export const faqItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['index', 'id', 'question', 'answer'],
  properties: {
    index: { type: 'integer', minimum: 1 }, // position inside the category, used in the URL
    id: { type: 'string', pattern: '^[0-9]+$' }, // global id, used by /support/faq/details/{id}
    question: localizedSchema,
    answer: { type: 'array', minItems: 1, items: localizedSchema }, // paragraphs, no HTML
  },
} as const;
export type FaqItem = FromSchema<typeof faqItemSchema>;

export const faqCategorySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['categoryNumber', 'title', 'items'],
  properties: {
    categoryNumber: { type: 'integer', minimum: 1 },
    title: localizedSchema,
    items: { type: 'array', minItems: 1, items: faqItemSchema },
  },
} as const;
export type FaqCategory = FromSchema<typeof faqCategorySchema>;

export const faqSchema = {
  $id: 'faq',
  type: 'object',
  additionalProperties: false,
  required: ['categories'],
  properties: { categories: { type: 'array', minItems: 1, items: faqCategorySchema } },
} as const;
export type FaqSnapshot = FromSchema<typeof faqSchema>;
