/**
 * Editable content, support and event pages of the route table: content/snapshots/pages/*.json, each `{ pages: [...]
 * }`.
 * `path` is the route without the storefront prefix, with leading and trailing slash ('/', '/smart-home/').
 */
import type { FromSchema } from 'json-schema-to-ts';
import { imagePathSchema, linkSchema, localizedSchema } from './common.schema';

const productIds = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
} as const;

const heroBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'subtitle', 'image', 'cta'],
  properties: {
    type: { const: 'hero' },
    title: localizedSchema,
    subtitle: localizedSchema,
    image: imagePathSchema,
    cta: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'url'],
      properties: { text: localizedSchema, url: linkSchema },
    },
  },
} as const;
const productRowBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'productIds'],
  properties: { type: { const: 'product-row' }, title: localizedSchema, productIds },
} as const;
const bannerBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'image', 'url'],
  properties: {
    type: { const: 'banner' },
    title: localizedSchema,
    text: localizedSchema,
    image: imagePathSchema,
    url: linkSchema,
  },
} as const;
const richTextBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'paragraphs'],
  properties: {
    type: { const: 'rich-text' },
    heading: localizedSchema,
    paragraphs: { type: 'array', minItems: 1, items: localizedSchema },
  },
} as const;
const faqListBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'categoryNumber'],
  properties: { type: { const: 'faq-list' }, title: localizedSchema, categoryNumber: { type: 'integer', minimum: 1 } },
} as const;
const countdownBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'endsAt'],
  /**
   * A campaign window: "starts in" before startsAt (when given), "ends in" until endsAt, then "ended"; live in the
   * browser.
   */
  properties: {
    type: { const: 'countdown' },
    title: localizedSchema,
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
  },
} as const;
const categoryGridBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'categoryIds'],
  properties: {
    type: { const: 'category-grid' },
    title: localizedSchema,
    categoryIds: { type: 'array', minItems: 1, items: { type: 'string' } },
  },
} as const;

/** The warranty check by IMEI or serial (its texts are the catalogue's warrantyCheck.* keys; live in the browser). */
const warrantyCheckBlock = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: { type: { const: 'warranty-check' } },
} as const;

export const blockTypes = [
  'hero',
  'product-row',
  'banner',
  'rich-text',
  'faq-list',
  'countdown',
  'category-grid',
  'warranty-check',
] as const;

export const contentBlockSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: blockTypes } },
  discriminator: { propertyName: 'type' },
  oneOf: [
    heroBlock,
    productRowBlock,
    bannerBlock,
    richTextBlock,
    faqListBlock,
    countdownBlock,
    categoryGridBlock,
    warrantyCheckBlock,
  ],
} as const;
export type ContentBlock = FromSchema<typeof contentBlockSchema>;

export const contentPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'kind', 'title', 'description', 'blocks'],
  properties: {
    path: { type: 'string', pattern: '^/([a-z0-9-]+/)*$' },
    kind: { enum: ['content', 'event', 'support'] },
    title: localizedSchema,
    description: localizedSchema,
    /** Countries (local codes) that publish the page; absent = every storefront. */
    regions: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[a-z]{2}$' } },
    blocks: { type: 'array', minItems: 1, items: contentBlockSchema },
  },
} as const;
export type ContentPage = FromSchema<typeof contentPageSchema>;

export const pagesSchema = {
  $id: 'pages',
  type: 'object',
  additionalProperties: false,
  required: ['pages'],
  properties: { pages: { type: 'array', minItems: 1, items: contentPageSchema } },
} as const;
export type PagesSnapshot = FromSchema<typeof pagesSchema>;
