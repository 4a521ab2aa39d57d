/** Support articles: content/snapshots/support/articles.json (/support/article/{articleId}). */
import type { FromSchema } from 'json-schema-to-ts';
import { localizedSchema } from './common.schema';

export const articleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['articleId', 'title', 'summary', 'body', 'category', 'updatedAt'],
  properties: {
    articleId: { type: 'string', pattern: '^[0-9]+$' },
    title: localizedSchema,
    summary: localizedSchema,
    body: { type: 'array', minItems: 1, items: localizedSchema }, // paragraphs, no HTML
    category: { enum: ['phone', 'smart-home', 'smart-office', 'lifestyle', 'after-sales'] }, // support sub-areas
    updatedAt: { type: 'string', format: 'date' },
  },
} as const;
export type Article = FromSchema<typeof articleSchema>;

export const articlesSchema = {
  $id: 'articles',
  type: 'object',
  additionalProperties: false,
  required: ['articles'],
  properties: { articles: { type: 'array', minItems: 1, items: articleSchema } },
} as const;
export type ArticlesSnapshot = FromSchema<typeof articlesSchema>;
