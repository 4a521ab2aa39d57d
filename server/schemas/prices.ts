import type { FromSchema } from 'json-schema-to-ts';
import { baseQueryProperties } from './common';
/** The price quote of a product (GET prices). */
export const quoteData = {
  type: 'object',
  required: ['product_id', 'release_id', 'version', 'offers'],
  properties: {
    product_id: { type: 'string' },
    release_id: {
      type: ['string', 'null'],
      description:
        "the release serving the storefront's pages, whose prices these are (null: no release, the snapshot's)",
    },
    version: { type: ['string', 'null'], description: "that release's version of the storefront" },
    offers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['commodity_id', 'currency', 'sale_price', 'market_price', 'on_sale'],
        properties: {
          commodity_id: { type: 'string' },
          currency: { type: 'string' },
          sale_price: { type: 'number' },
          market_price: { type: 'number' },
          on_sale: { type: 'boolean' },
        },
      },
    },
  },
} as const;

export const pricesQuery = {
  type: 'object',
  required: ['product_id'],
  properties: {
    ...baseQueryProperties,
    product_id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
  },
} as const;

/** GET prices/lowest: the commodities of a page's cards, a product's versions or a cart's lines, comma-separated. */
export const lowestPricesQuery = {
  type: 'object',
  required: ['commodity_ids'],
  properties: {
    ...baseQueryProperties,
    commodity_ids: {
      type: 'string',
      maxLength: 2_000,
      pattern: '^[0-9]{1,20}(,[0-9]{1,20})*$',
      description: 'commodity ids, comma-separated (at most 60 distinct: errno 48300 above)',
    },
  },
} as const;

/** Why a figure is what it is: 30 days of prices before the reduction, fewer, or none (then the price itself). */
export const LOWEST_PRICE_BASES = ['window', 'shorter', 'none'] as const;

/** One commodity's reduction and its lowest price of the last 30 days, in minor units of its currency. */
export const lowestPriceOffer = {
  type: 'object',
  required: [
    'commodity_id',
    'currency',
    'exponent',
    'sale_price',
    'market_price',
    'on_sale',
    'reduced',
    'reduced_since',
    'lowest_price',
    'basis',
  ],
  properties: {
    commodity_id: { type: 'string' },
    currency: { type: 'string' },
    exponent: { type: 'integer', description: 'minor digits of the currency (2 for EUR)' },
    sale_price: { type: 'integer', description: "the price sold now (the served release's), minor units" },
    market_price: { type: 'integer', description: 'the original price the pages strike through above it, minor units' },
    on_sale: { type: 'boolean' },
    reduced: {
      type: 'boolean',
      description: 'an original price is struck through above the price, or it is a cut published in the last 30 days',
    },
    reduced_since: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'when the reduced price started (null: not reduced, or older than any record)',
    },
    lowest_price: {
      type: ['integer', 'null'],
      description: 'the lowest price of the 30 days before the reduction, minor units (null: not reduced)',
    },
    basis: { type: ['string', 'null'], enum: [...LOWEST_PRICE_BASES, null] },
  },
} as const;

export const lowestPricesData = {
  type: 'object',
  required: ['applies', 'commodities'],
  properties: {
    applies: {
      type: 'boolean',
      description: "whether the storefront's country shows the lowest price of the last 30 days (EU and EEA)",
    },
    commodities: {
      type: 'array',
      description: "the asked commodities offered in the storefront's country (none where the rule does not apply)",
      items: lowestPriceOffer,
    },
  },
} as const;

export type LowestPricesAnswer = FromSchema<typeof lowestPricesData>;
export type LowestPriceOffer = FromSchema<typeof lowestPriceOffer>;
