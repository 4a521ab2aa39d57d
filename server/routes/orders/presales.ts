import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { commerceRules } from '../../../sites/commerce';
import { orderConfirmationMail } from '../../mail/order-mails';
import { placeFinal } from '../../checkout/place-final';
import { refusalError } from '../../checkout/refusal-error';
import { orderIdBody, presaleFinalAnswer, presaleListAnswer, presaleListQuery } from '../../schemas/order';

/**
 * Pre-sales (a deposit, then the final payment): the campaigns and their windows (countdowns), and the final payment
 * of a paid deposit.
 */
export async function presaleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/presale/list',
    {
      schema: {
        tags: ['pre-sale'],
        summary: "The country's pre-sales (or one product's) with their deposit and final-payment windows",
        querystring: presaleListQuery,
        response: { 200: envelopeSchema(presaleListAnswer) },
      },
    },
    async (request) => {
      const rows = await app.repos.presales.list(request.storefront.local, request.query.productId);
      return ok({
        presales: rows.map((c) => ({
          campaign_id: c.id,
          product_id: c.productId,
          currency: c.currency,
          deposit: c.depositMinor,
          deposit_starts_at: c.depositStartsAt.getTime(),
          deposit_ends_at: c.depositEndsAt.getTime(),
          final_starts_at: c.finalStartsAt.getTime(),
          final_ends_at: c.finalEndsAt.getTime(),
          stage: c.stage,
        })),
      });
    },
  );

  app.post(
    '/presale/final',
    {
      schema: {
        tags: ['pre-sale'],
        summary:
          'Start the final payment of a paid deposit (in its window): an order for the rest, paid like any ' +
          'order; asking again returns the same one',
        body: orderIdBody,
        response: { 200: envelopeSchema(presaleFinalAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const rules = commerceRules(storefront.local);
      const result = await placeFinal(app.db, app.repos, {
        userId: user.id,
        depositOrderId: request.body.orderId,
        rules,
        mail: (order, lines) =>
          orderConfirmationMail(app.mail.links(storefront).origin, storefront, user.email, order, lines),
      });
      if (!result.ok) throw refusalError(storefront, result, rules);
      if (!result.replayed) app.mail.wake();
      return ok({ order_id: result.order.id, replayed: result.replayed });
    },
  );
}
