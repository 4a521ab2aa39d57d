/** Catalogue snapshot: content/snapshots/catalogue/products.json. */
import type { FromSchema } from 'json-schema-to-ts';
import {
  imagePathSchema,
  localizedBundleLabelSchema,
  localizedEnergyLabelSchema,
  localizedSchema,
  marketingTagSubtypes,
} from './common.schema';

export const productCategories = [
  'phones',
  'tvs',
  'wearables',
  'tablets',
  'scooters',
  'appliances',
  'accessories',
  'refurbished',
] as const;
export type ProductCategory = (typeof productCategories)[number];

/** Price and stock of one commodity in one country (`local`), in that country's currency. */
export const offerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'salePrice', 'marketPrice', 'stock'],
  properties: {
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    salePrice: { type: 'number', minimum: 0 },
    marketPrice: { type: 'number', minimum: 0 }, // equal to salePrice when there is no discount
    stock: { type: 'integer', minimum: 0 }, // 0 = out of stock in that country
  },
} as const;
export type Offer = FromSchema<typeof offerSchema>;

/** One cell of the spec grid (firstSpecValue × secondSpecValue), e.g. 8GB+256GB × Black. */
export const commoditySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['commodityId', 'goodsId', 'firstSpecValue', 'secondSpecValue', 'offers'],
  properties: {
    commodityId: { type: 'string', pattern: '^[0-9]{5,}$' },
    goodsId: { type: 'string', pattern: '^[0-9]{5,}$' },
    firstSpecValue: { type: 'string', minLength: 1 },
    secondSpecValue: { type: 'string', minLength: 1 },
    offers: {
      type: 'object',
      propertyNames: { pattern: '^[a-z]{2}$' }, // country codes (local)
      additionalProperties: offerSchema,
    },
  },
} as const;
export type Commodity = FromSchema<typeof commoditySchema>;

export const productSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'category',
    'subCategory',
    'name',
    'tagline',
    'description',
    'image',
    'specs',
    'commodities',
    'purchaseLimit',
  ],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
    category: { enum: productCategories },
    subCategory: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
    name: { type: 'string', minLength: 1 },
    tagline: localizedSchema,
    description: localizedSchema,
    image: { ...imagePathSchema, pattern: '^/images/products/[a-z0-9-]+\\.svg$' },
    marketingTag: {
      type: 'object',
      additionalProperties: false,
      required: ['subtype', 'text'],
      properties: { subtype: { enum: marketingTagSubtypes }, text: localizedSchema },
    },
    specs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'value'],
        properties: { label: localizedSchema, value: { type: 'string', minLength: 1 } },
      },
    },
    commodities: { type: 'array', minItems: 1, maxItems: 8, items: commoditySchema },
    energyInfo: localizedEnergyLabelSchema,
    bundleLabels: { type: 'array', items: localizedBundleLabelSchema },
    /** Countries whose law requires the energy/bundle labels; they are shown only there. Absent = nowhere. */
    labelCountries: { type: 'array', items: { type: 'string', pattern: '^[a-z]{2}$' } },
    refurbished: {
      type: 'object',
      additionalProperties: false,
      required: ['grade', 'warrantyMonths'],
      properties: { grade: { enum: ['A', 'B'] }, warrantyMonths: { type: 'integer', minimum: 1 } },
    },
    purchaseLimit: { type: 'integer', minimum: 1 },
    /** Sold before release: buying it needs the pre-order agreement at checkout. */
    preOrder: { type: 'boolean' },
  },
} as const;
export type Product = FromSchema<typeof productSchema>;

export const productsSchema = {
  $id: 'products',
  type: 'object',
  additionalProperties: false,
  required: ['products'],
  properties: { products: { type: 'array', minItems: 1, items: productSchema } },
} as const;
export type ProductsSnapshot = FromSchema<typeof productsSchema>;
export type { BundleLabel, EnergyLabel, Localized, LocalizedBundleLabel, LocalizedEnergyLabel } from './common.schema';
