import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import type { PaymentRow } from '../../repositories/payments';
import type { AsyncAction } from '../../payments/async-provider';
import { APPROVAL_WINDOW_MS } from '../../payments/async-windows';
import { paymentStateOfRow } from '../../payments/payment-states';
import {
  asyncPaymentParams,
  asyncResultAnswer,
  asyncStartAnswer,
  asyncStartBody,
  type AsyncResultAnswer,
  type AsyncStartAnswer,
} from '../../schemas/async-payments';
import { requireMethodOffered } from '../../payments/method-guard';
import { openAsyncPayment } from './open-async-payment';
import { asyncSandboxPageRoutes } from './async-sandbox-page';

function actionView(action: AsyncAction, mobile: boolean, origin: string): AsyncStartAnswer['action'] {
  const expires_at = action.expiresAt.getTime();
  switch (action.kind) {
    case 'redirect':
      return {
        kind: 'redirect',
        url: absolute(mobile && action.deepLink ? action.deepLink : action.url, origin),
        expires_at,
      };
    case 'qr':
      return {
        kind: 'qr',
        svg: action.svg,
        payload: action.payload,
        page_url: absolute(action.pageUrl, origin),
        expires_at,
      };
    default:
      return { kind: action.kind, expires_at };
  }
}

/** Provider pages the sandbox serves are paths of the store: the shopper gets them on the public origin. */
const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

function resultView(p: PaymentRow): AsyncResultAnswer {
  return {
    payment_id: p.id,
    order_id: p.order_id,
    state: paymentStateOfRow(p.state),
    failure_code: p.failure_code,
    expires_at: p.expires_at ? new Date(p.expires_at).getTime() : null,
  };
}

/**
 * Async payments (e-wallet by redirect, QRIS by QR): the start records the attempt, then asks the provider for the
 * shopper's action; the result the checkout island polls is what the provider's books say, read server-side. The
 * order is paid by the provider's signed webhook or by that server-side read, never by the browser's word.
 */
export async function asyncPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const provider = app.asyncPayments;

  app.post(
    '/payment/async/start',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Starts an e-wallet (redirect) or QRIS (QR) payment of an order: the action the shopper takes',
        body: asyncStartBody,
        response: { 200: envelopeSchema(asyncStartAnswer) },
      },
    },
    async (request) => {
      const { storefront, body } = request;
      const user = requireUser(request);
      // UPI names the payer's UPI ID or its intent: it starts at POST payment/upi/start (upi-payments.ts).
      if (body.method === 'upi')
        throw new ApiError(Errno.PAYMENT_METHOD_NOT_OFFERED, message(storefront, 'checkout.method.error.notOffered'));
      // The receipt names what paid: the wallet, or QRIS.
      const method = body.method === 'ewallet' ? body.wallet! : 'qris';
      // Only a method this order may use in this country; e-wallets and QRIS need no browser feature.
      const key = body.method === 'ewallet' ? `ewallet:${body.wallet}` : 'qris';
      // A wallet paid in its app (LINE Pay, WeChat Pay) needs the bridge's word that the app is installed.
      const apps = body.apps ?? [];
      await requireMethodOffered(app, storefront, user.id, body.orderId, key, { paymentRequest: false, apps });
      const opening = await openAsyncPayment(app, request, {
        orderId: body.orderId,
        paidBy: method,
        windowMs: APPROVAL_WINDOW_MS[body.method],
        start: { method: body.method, wallet: body.method === 'ewallet' ? (body.wallet ?? null) : null },
      });
      return ok({
        payment_id: opening.paymentId,
        order_id: opening.orderId,
        action: actionView(opening.opened.action, body.device === 'mobile', app.publicOrigin),
        result_url: opening.resultUrl,
      });
    },
  );

  app.get(
    '/payment/async/:paymentId',
    {
      config: { rateLimit: [RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Where an async payment stands (the result page polls it); asks the provider while it is pending',
        params: asyncPaymentParams,
        response: { 200: envelopeSchema(asyncResultAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      let payment = await app.repos.payments.ofUser(user.id, request.params.paymentId);
      if (!payment || payment.provider !== provider.id)
        throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'order.error.notFound'), 404);
      // The shopper's return asks the provider's books, so a webhook still on its way does not keep them waiting.
      if (payment.state === 'pending') {
        await app.reconciler.settleOne(payment.id);
        payment = (await app.repos.payments.ofUser(user.id, payment.id))!;
      }
      return ok(resultView(payment));
    },
  );

  if (app.asyncSandbox) await app.register(asyncSandboxPageRoutes, { sandbox: app.asyncSandbox });
}
