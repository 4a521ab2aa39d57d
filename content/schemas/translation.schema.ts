/**
 * One translation catalogue: content/locales/<code>/translation.json. Flat keys ("header.search"), i18next
 * interpolation ("{{errno}}"). `_meta` says how complete the catalogue is; keys starting with "_" are not UI strings.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const translationSchema = {
  $id: 'translation',
  type: 'object',
  required: ['_meta'],
  properties: { _meta: { type: 'string', minLength: 1 } },
  propertyNames: { pattern: '^(_meta|[a-z][a-zA-Z0-9]*(\\.[a-zA-Z0-9-]+)+)$' },
  additionalProperties: { type: 'string', minLength: 1 },
} as const;
export type TranslationCatalogue = FromSchema<typeof translationSchema>;
