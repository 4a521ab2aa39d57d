import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { currencyExponent } from '../../../region-config/money';
import { requireUser } from '../../context';
import { orderMethods } from '../../payments/method-guard';
import { paymentMethodsListAnswer, paymentMethodsQuery } from '../../schemas/payment-methods';

/** The ways to pay an unpaid order in its country, each offered or with the reason why not. */
export async function localMethodRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/checkout/payment-methods',
    {
      schema: {
        tags: ['checkout'],
        summary: "The country's payment methods for an unpaid order, in checkout order, offered or with a reason",
        description:
          'paymentRequest: the browser has the Payment Request API; apps: wallet apps the app bridge reports ' +
          'installed (linepay,wechatpay). The amount, products and pre-order state come from the order.',
        querystring: paymentMethodsQuery,
        response: { 200: envelopeSchema(paymentMethodsListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { orderId, paymentRequest, apps, wallets } = request.query;
      const device = { paymentRequest: paymentRequest ?? false, apps: (apps ?? '').split(',').filter(Boolean) };
      if (wallets !== undefined) Object.assign(device, { wallets: wallets.split(',').filter(Boolean) });
      const found = await orderMethods(app, request.storefront, user.id, orderId, device);
      return ok({
        order_id: found.orderId,
        currency: found.currency,
        exponent: currencyExponent(found.currency),
        amount: found.amount,
        methods: found.methods,
      });
    },
  );
}
