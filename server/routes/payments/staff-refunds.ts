import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { message } from '../../i18n';
import { staffOrderRefundAnswer, staffOrderRefundBody, staffRefundQueueAnswer } from '../../schemas/refunds';
import { staffOrdersRepository } from '../../repositories/staff-orders';
import { refundOrderIn } from '../../orders/refund-order';
import { staffRefundView } from '../../views/staff-payments-view';
import { currencyExponent } from '../../../region-config/money';
import { refundError } from '../orders/cancel-errors';

/** The options of a route of this file: staff routes, listed under one tag in the API document. */
const staffRoute = <Schema extends object>(summary: string, schema: Schema) => ({
  schema: { tags: ['staff'], summary, ...schema },
});

/**
 * Refunds for support staff (every route staff only): refund part or all of what an order's shopper paid (a gesture
 * of goodwill; the refund allocation rule decides where each part goes), and the queue of refunds staff must act on
 * across the country's orders (refused by their provider, or paid by staff only), so none waits unseen.
 */
export async function staffRefundRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const orders = staffOrdersRepository(app.db);

  app.post(
    '/staff/orders/refund',
    staffRoute(
      "Refund part or all ('all') of what an order's shopper paid, as a gesture of goodwill: provider charges " +
        'first (paid by the refund job), then bank transfers (paid by staff), then gift cards (at once). Never ' +
        'more than is still refundable (errno 45054, data.refundable), however many requests race',
      { body: staffOrderRefundBody, response: { 200: envelopeSchema(staffOrderRefundAnswer) } },
    ),
    async (request) => {
      const staff = requireStaff(request);
      const { storefront } = request;
      const orderId = request.body.orderId.trim();
      const order = await orders.get(orderId, storefront.local);
      if (!order) throw new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
      const result = await app.db.transaction((tx) =>
        refundOrderIn(tx, app.repos, {
          orderId,
          amount: request.body.amount,
          currency: order.currency,
          reason: 'goodwill',
          actor: `staff:${staff.id}`,
        }),
      );
      request.log.info(
        { staffUserId: staff.id, orderId, amount: request.body.amount, ok: result.ok },
        'staff refund of an order',
      );
      if (!result.ok)
        throw result.reason === 'not_found'
          ? new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404)
          : refundError(storefront, result.reason, result.refundable);
      return ok({
        refunded: result.refunded,
        remaining: result.remaining,
        parts: result.parts.map((p) => ({ refund_id: p.refundId, kind: p.kind, amount: p.amount, state: p.state })),
      });
    },
  );

  app.get(
    '/staff/refunds/queue',
    staffRoute(
      "Refunds of the storefront's country that staff must act on: refused by their provider (with the failure " +
        'and the tries: retry or mark paid) and refunds only staff pay (mark paid), the earliest promised first',
      { response: { 200: envelopeSchema(staffRefundQueueAnswer) } },
    ),
    async (request) => {
      requireStaff(request);
      const rows = await app.repos.refunds.staffQueue(request.storefront.local);
      return ok({
        refunds: rows.map((r) => ({
          ...staffRefundView(r),
          order_id: r.order_id,
          email: r.email,
          currency: r.currency,
          exponent: currencyExponent(r.currency),
        })),
      });
    },
  );
}
