import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { konbiniCodesRepository, type KonbiniCodeRow } from '../../repositories/konbini-codes';
import { orderCategories } from '../../repositories/order-categories';
import { paymentStateOfRow, type RowState } from '../../payments/payment-states';
import { requireMethodOffered } from '../../payments/method-guard';
import { konbiniWindowMs } from '../../payments/konbini-window';
import { konbiniBarcodeSvg } from '../../payments/konbini-barcode';
import { currencyExponent } from '../../../region-config/money';
import {
  konbiniCodeView,
  konbiniOfOrderAnswer,
  konbiniOrderQuery,
  konbiniPaymentParams,
  konbiniStartBody,
  type KonbiniCodeView,
} from '../../schemas/konbini-payments';
import { openAsyncPayment, paymentResultPath } from './open-async-payment';
import { konbiniCounterRoutes } from './konbini-counter-page';

function codeView(row: KonbiniCodeRow, urlLocal: string): KonbiniCodeView {
  return {
    payment_id: row.payment_id,
    order_id: row.order_id,
    store: row.store as KonbiniCodeView['store'],
    code: row.code,
    confirmation: row.confirmation,
    barcode_svg: konbiniBarcodeSvg(row.code),
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    exponent: currencyExponent(row.currency),
    expires_at: new Date(row.expires_at).getTime(),
    state: paymentStateOfRow(row.state as RowState),
    result_url: paymentResultPath(urlLocal, row.payment_id),
  };
}

/**
 * Convenience-store (konbini) payments: the start gives a code to pay at the chosen chain's counter before the
 * konbini window ends (6 hours, 2 when the order holds phones), and holds the order and its stock exactly that long.
 * The counter's payment reaches the store by the provider's signed webhook (payment-webhooks.ts); the result and
 * order pages show the code, read from the store's copy, until it is paid or lapses.
 */
export async function konbiniPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const codes = konbiniCodesRepository(app.db);

  app.post(
    '/payment/konbini/start',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Starts a convenience-store payment of an order: the code, barcode and deadline for the counter',
        body: konbiniStartBody,
        response: { 200: envelopeSchema(konbiniCodeView) },
      },
    },
    async (request) => {
      const { storefront, body } = request;
      const user = requireUser(request);
      // Only a chain this order may use in this country, within its maximum; the fee is the configured one.
      const offered = await requireMethodOffered(app, storefront, user.id, body.orderId, `konbini:${body.store}`, {
        paymentRequest: false,
        apps: [],
      });
      const windowMs = konbiniWindowMs(await orderCategories(app.db, body.orderId));
      const opening = await openAsyncPayment(app, request, {
        orderId: body.orderId,
        paidBy: 'konbini',
        windowMs,
        // The order and its stock wait as long as the code: then both lapse together.
        holdsOrder: true,
        start: { method: 'konbini', wallet: null, store: body.store },
      });
      const { action } = opening.opened;
      if (action.kind !== 'code') {
        // The provider gave no code: the payment closes at the provider too.
        await app.reconciler.settleOrder(opening.orderId, 'close', user.id);
        throw new ApiError(Errno.ASYNC_START_FAILED, message(storefront, 'payment.konbini.error.unavailable'));
      }
      await codes.record(opening.paymentId, {
        store: body.store,
        code: action.code,
        confirmation: action.confirmation ?? null,
        fee: offered.fee,
      });
      return ok(codeView((await codes.ofPayment(user.id, opening.paymentId))!, storefront.urlLocal));
    },
  );

  app.get(
    '/payment/konbini/:paymentId',
    {
      config: { rateLimit: [RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: "A konbini payment's code and where it stands (the result page polls it)",
        params: konbiniPaymentParams,
        response: { 200: envelopeSchema(konbiniCodeView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      let row = await codes.ofPayment(user.id, request.params.paymentId);
      if (!row) throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'order.error.notFound'), 404);
      // A webhook still on its way does not keep the shopper waiting: the provider's books are asked.
      if (row.state === 'pending') {
        await app.reconciler.settleOne(row.payment_id);
        row = (await codes.ofPayment(user.id, row.payment_id))!;
      }
      return ok(codeView(row, request.storefront.urlLocal));
    },
  );

  app.get(
    '/payment/konbini/of-order',
    {
      config: { rateLimit: [RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: "The order's konbini code still waiting at the counter, or null (the order page shows it)",
        querystring: konbiniOrderQuery,
        response: { 200: envelopeSchema(konbiniOfOrderAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await codes.openOfOrder(user.id, request.query.orderId);
      return ok({ code: row ? codeView(row, request.storefront.urlLocal) : null });
    },
  );

  if (app.asyncSandbox) await app.register(konbiniCounterRoutes, { sandbox: app.asyncSandbox });
}
