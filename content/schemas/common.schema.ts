/**
 * Building blocks shared by several snapshot schemas. Plain `as const` objects (no $ref) so that
 * json-schema-to-ts can derive types without a references map and ajv reports pointers into the real data.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Translation catalogue codes: `en`, `de`, `zh-HK`, `pt-BR` … (see content/locales). */
export const i18nCodePattern = '^[a-z]{2}(-[A-Z]{2})?$';

/** A text in several languages; `en` is the fallback and always present. Read it with `localize()`. */
export const localizedSchema = {
  type: 'object',
  required: ['en'],
  properties: { en: { type: 'string', minLength: 1 } },
  patternProperties: { [i18nCodePattern]: { type: 'string', minLength: 1 } },
  additionalProperties: false,
} as const;
export type Localized = FromSchema<typeof localizedSchema>;

/** Site-relative image path served from content/images (copied to public/images). */
export const imagePathSchema = { type: 'string', pattern: '^/images/[a-z0-9/_.-]+\\.(svg|png|jpg|webp)$' } as const;

/** Storefront-relative or absolute link. */
export const linkSchema = { type: 'string', pattern: '^(/|https?://)' } as const;

/** §3 energy label item (field names as the header-footer API sends them). */
export const energyLabelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['energy_image', 'energy_info', 'product_energy', 'product_energy_info', 'description'],
  properties: {
    energy_image: { type: 'string' }, // label image; empty when only the info link exists
    energy_info: { type: 'string' }, // link to the full label
    product_energy: { type: 'string' }, // product information sheet text
    product_energy_info: { type: 'string' }, // product information sheet link
    description: { type: 'string' }, // efficiency rating, e.g. "F"
  },
} as const;
export type EnergyLabel = FromSchema<typeof energyLabelSchema>;

/** §3 bundle (EU compliance) label: energy plus repairability/durability. */
export const bundleLabelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'energy', 'durability'],
  properties: {
    title: { type: 'string', minLength: 1 },
    energy: energyLabelSchema,
    durability: {
      type: 'object',
      additionalProperties: false,
      required: ['durability_score_img', 'durability_score_doc', 'description'],
      properties: {
        durability_score_img: { type: 'string' },
        durability_score_doc: { type: 'string' },
        description: { type: 'string' },
      },
    },
  },
} as const;
export type BundleLabel = FromSchema<typeof bundleLabelSchema>;

export const marketingTagSubtypes = ['new', 'hot', 'discount'] as const;
