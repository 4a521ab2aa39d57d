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

const textSchema = { type: 'string' } as const;

/**
 * Energy label item (field names as the header-footer API sends them), its text of type `text`: a string in a
 * storefront's language where it is shown (header-footer snapshots, pages, API answers), Localized in the
 * catalogue snapshot that all storefronts share (content/localize.ts picks the language).
 */
function energyLabelOf<Text>(text: Text) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['energy_image', 'energy_info', 'product_energy', 'product_energy_info', 'description'],
    properties: {
      energy_image: textSchema, // label image; empty when only the info link exists
      energy_info: textSchema, // link to the full label
      product_energy: text, // product information sheet text
      product_energy_info: textSchema, // product information sheet link
      description: textSchema, // efficiency rating, e.g. "F": the same in every language
    },
  } as const;
}

/** Bundle (EU compliance) label: energy plus repairability/durability, its texts of type `text` (above). */
function bundleLabelOf<Text>(text: Text) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'energy', 'durability'],
    properties: {
      title: text,
      energy: energyLabelOf(text),
      durability: {
        type: 'object',
        additionalProperties: false,
        required: ['durability_score_img', 'durability_score_doc', 'description'],
        properties: {
          durability_score_img: textSchema,
          durability_score_doc: textSchema,
          description: text, // e.g. "Repairability class B"
        },
      },
    },
  } as const;
}

export const energyLabelSchema = energyLabelOf(textSchema);
export type EnergyLabel = FromSchema<typeof energyLabelSchema>;
export const bundleLabelSchema = bundleLabelOf(textSchema);
export type BundleLabel = FromSchema<typeof bundleLabelSchema>;

/** The same labels in the catalogue snapshot, their texts in every language. */
export const localizedEnergyLabelSchema = energyLabelOf(localizedSchema);
export type LocalizedEnergyLabel = FromSchema<typeof localizedEnergyLabelSchema>;
export const localizedBundleLabelSchema = bundleLabelOf(localizedSchema);
export type LocalizedBundleLabel = FromSchema<typeof localizedBundleLabelSchema>;

export const marketingTagSubtypes = ['new', 'hot', 'discount'] as const;
