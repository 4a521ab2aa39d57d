import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { quoteProduct } from '../../releases/quotes';
import { lowestPrices } from '../../prices/lowest-prices';
import { lowestPricesData, lowestPricesQuery, quoteData, pricesQuery } from '../../schemas/prices';
import { LOWEST_PRICE_MAX_COMMODITIES } from '../../../sites/lowest-price';

/** The price quote of a product: what the cart and checkout charge, equal to what the served pages show. */
export async function priceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/prices',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A product's offers in the storefront's country at the prices of the release serving its pages",
        querystring: pricesQuery,
        response: { 200: envelopeSchema(quoteData) },
      },
    },
    async (request) => {
      const quote = await quoteProduct(app.db, request.query.product_id, request.storefront);
      if (!quote) throw new ApiError(Errno.NOT_ON_SALE, 'this product is not offered in this storefront', 404);
      return ok(quote);
    },
  );

  app.get(
    '/prices/lowest',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Each commodity's reduction and its lowest price of the 30 days before it (EU and EEA storefronts)",
        querystring: lowestPricesQuery,
        response: { 200: envelopeSchema(lowestPricesData) },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.commodity_ids.split(','))];
      if (ids.length > LOWEST_PRICE_MAX_COMMODITIES)
        throw new ApiError(
          Errno.LOWEST_PRICE_TOO_MANY,
          `at most ${LOWEST_PRICE_MAX_COMMODITIES} commodities per request`,
          400,
        );
      return ok(await lowestPrices(app.db, request.storefront.local, ids));
    },
  );
}
