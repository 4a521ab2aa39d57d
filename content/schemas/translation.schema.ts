/**
 * One namespace file of a UI catalogue: content/locales/<language>/<namespace>.json, i18next's flat JSON format
 * (`keySeparator: false`). Keys name the meaning ("header.search"); a counted text has one key per CLDR plural
 * category ("cart.items_one", "cart.items_other"); placeholders are i18next's ("{{count}}").
 */
import type { FromSchema } from 'json-schema-to-ts';

export const translationSchema = {
  $id: 'translation',
  type: 'object',
  propertyNames: { pattern: '^[a-z][a-zA-Z0-9]*(\\.[a-zA-Z0-9-]+)+(_(zero|one|two|few|many|other))?$' },
  additionalProperties: { type: 'string', minLength: 1 },
} as const;
export type TranslationCatalogue = FromSchema<typeof translationSchema>;
