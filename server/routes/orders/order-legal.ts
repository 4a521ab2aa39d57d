import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { message } from '../../i18n';
import { orderLegalAnswer, orderLegalQuery } from '../../schemas/legal';
import { legalAcceptanceView as view } from '../../views/legal-acceptance-view';
import { staffOrdersRepository } from '../../repositories/staff-orders';

const answer = { 200: envelopeSchema(orderLegalAnswer) } as const;

/**
 * Which versions of the terms of sale and the privacy policy an order was placed under: for its owner (part of the
 * order's data) and for support staff of its country.
 */
export async function orderLegalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const staffOrders = staffOrdersRepository(app.db);
  const notFound = (request: FastifyRequest) =>
    new ApiError(Errno.NOT_FOUND, message(request.storefront, 'order.error.notFound'), 404);

  app.get(
    '/order/legal',
    {
      schema: {
        tags: ['orders'],
        summary: 'The versions of the terms of sale and the privacy policy the shopper accepted with their order',
        querystring: orderLegalQuery,
        response: answer,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await app.repos.orders.detail(user.id, request.query.orderId);
      if (!found) throw notFound(request);
      return ok({ order_id: found.order.id, legal: view(await app.repos.legalAcceptances.ofOrder(found.order.id)) });
    },
  );

  app.get(
    '/staff/orders/legal',
    {
      schema: {
        tags: ['staff'],
        summary: "The versions of the legal documents an order of the storefront's country was placed under",
        querystring: orderLegalQuery,
        response: answer,
      },
    },
    async (request) => {
      requireStaff(request);
      const order = await staffOrders.get(request.query.orderId.trim(), request.storefront.local);
      if (!order) throw notFound(request);
      return ok({ order_id: order.id, legal: view(await app.repos.legalAcceptances.ofOrder(order.id)) });
    },
  );
}
