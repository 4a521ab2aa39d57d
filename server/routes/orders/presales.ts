import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { commerceRules } from '../../../sites/commerce';
import { orderConfirmationMail } from '../../mail/order-mails';
import { campaignSchema, orderIdBody, presaleFinalAnswer, presaleListAnswer } from '../../schemas/order';


/** Pre-sales (issue 9, §4): the campaigns and their windows (countdowns), and the final payment of a paid deposit. */
export async function presaleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/presale/list',
    {
      schema: {
        tags: ['pre-sale'],
        summary: "The country's pre-sales (or one product's) with their deposit and final-payment windows",
        querystring: { type: 'object', properties: { productId: { type: 'string', maxLength: 80 } } },
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
        summary: 'Start the final payment of a paid deposit (in its window): an order for the rest, paid like any order; asking again returns the same one',
        body: orderIdBody,
        response: { 200: envelopeSchema(presaleFinalAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const result = await app.repos.orders.placeFinal({
        userId: user.id,
        depositOrderId: request.body.orderId,
        rules: commerceRules(storefront.local),
        mail: (order, lines) => orderConfirmationMail(app.mail.links(storefront).origin, storefront, user.email, order, lines),
      });
      if (result.ok) {
        if (!result.replayed) app.mail.wake();
        return ok({ order_id: result.order.id, replayed: result.replayed });
      }
      switch (result.reason) {
        case 'not_found':
          throw new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
        case 'window':
          throw new ApiError(Errno.PRESALE_WINDOW, message(storefront, 'presale.error.window'), 200, {
            final_starts_at: result.opensAt.getTime(),
            final_ends_at: result.closesAt.getTime(),
          });
        case 'unpaid_exists':
          throw new ApiError(Errno.UNPAID_ORDER_EXISTS, message(storefront, 'order.error.unpaidExists'), 200, { order_id: result.orderId });
        default:
          throw new ApiError(Errno.PRESALE_NOT_PAYABLE, message(storefront, 'presale.error.notPayable'), 200, { state: result.state });
      }
    },
  );
}
