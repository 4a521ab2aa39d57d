import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { RATE_RULES } from '../../security/rate-limit';
import { requireMethodOffered } from '../../payments/method-guard';
import { closeCod, confirmCod } from '../../orders/cod';
import { codOrders } from '../../repositories/cod-orders';
import { codAnswer, codOrderBody, codOrderParams } from '../../schemas/cod';
import { codError, codView } from './cod-answers';

/**
 * Cash on delivery for the shopper: confirm an unpaid order to pay the courier (the order goes to the warehouse
 * unpaid), read where it stands (the order page's "pay on delivery"), cancel it before it ships. The warehouse's
 * report of a refused parcel is fulfilment/cod-refused.ts; the delivered step collects the cash.
 */
export async function codPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.post(
    '/payment/cod/confirm',
    {
      // Per account, not per session: a retried or doubled confirmation answers the first one and costs little.
      config: { rateLimit: [RATE_RULES.paymentAccount] },
      schema: {
        tags: ['payment'],
        summary:
          'Confirms an unpaid order by cash on delivery: it goes to the warehouse unpaid and is paid when the ' +
          'courier collects the amount (fee included); the same call again answers the first confirmation',
        body: codOrderBody,
        response: { 200: envelopeSchema(codAnswer) },
      },
    },
    async (request) => {
      const { storefront } = request;
      const user = requireUser(request);
      const { orderId } = request.body;
      const earlier = await codOrders.ofOrder(app.db, orderId);
      if (earlier && earlier.user_id === user.id) return ok(await codView(app, earlier, true));
      // The country, the maximum, pre-orders and gift cards: one rule for every method, read from the order.
      const view = await requireMethodOffered(app, storefront, user.id, orderId, 'cod', {
        paymentRequest: false,
        apps: [],
      }).catch(async (error: unknown) => {
        // A parallel confirmation of the same order won meanwhile: answer it rather than "not payable".
        const confirmed = await codOrders.ofOrder(app.db, orderId);
        if (confirmed?.user_id === user.id) return confirmed;
        throw error;
      });
      if ('order_id' in view) return ok(await codView(app, view, true));
      const result = await confirmCod(app.db, app.repos, { orderId, userId: user.id, fee: view.fee });
      if (!result.ok) throw codError(storefront, result.refusal);
      if (!result.replayed) app.mail.wake();
      return ok(await codView(app, result.cod, result.replayed));
    },
  );

  app.get(
    '/payment/cod/:orderId',
    {
      config: { rateLimit: [RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary:
          'A cash-on-delivery order: the amount to hand the courier, where it stands, whether it may be cancelled',
        params: codOrderParams,
        response: { 200: envelopeSchema(codAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const cod = await codOrders.ofOrder(app.db, request.params.orderId);
      if (!cod || cod.user_id !== user.id) throw codError(request.storefront, 'not_cod');
      return ok(await codView(app, cod, false));
    },
  );

  app.post(
    '/payment/cod/cancel',
    {
      schema: {
        tags: ['payment'],
        summary:
          'Cancels a cash-on-delivery order before it ships: nothing was paid, so nothing is refunded; its stock, ' +
          'coupon, points and gift-card amounts come back. Refused once a parcel left (errno 46251)',
        body: codOrderBody,
        response: { 200: envelopeSchema(codAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await closeCod(app.db, app.repos, {
        orderId: request.body.orderId,
        as: 'cancelled',
        actor: 'shopper',
        userId: user.id,
      });
      if (!result.ok) throw codError(request.storefront, result.refusal);
      app.mail.wake();
      return ok(await codView(app, result.cod, false));
    },
  );
}
