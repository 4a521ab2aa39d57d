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
