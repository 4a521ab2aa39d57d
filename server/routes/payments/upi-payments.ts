import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import type { Storefront } from '../../storefront';
import { RATE_RULES } from '../../security/rate-limit';
import type { AsyncProvider } from '../../payments/async-provider';
import { APPROVAL_WINDOW_MS } from '../../payments/async-windows';
import { requireMethodOffered } from '../../payments/method-guard';
import type { UpiIdCheck } from '../../payments/upi';
import { upiSandboxAppPath } from '../../payments/upi-sandbox';
import { normaliseUpiId, upiStartAnswer, upiStartBody, type UpiStartAnswer } from '../../schemas/upi-payments';
import { openAsyncPayment } from './open-async-payment';
import { upiSandboxPageRoutes } from './upi-sandbox-page';

/**
 * Asks the provider whether a UPI ID exists before a collect request goes to it. A provider that cannot tell now
 * (its call fails) is "unavailable", never "valid": a request to an unchecked ID would only lapse unseen.
 */
async function checkUpiId(provider: AsyncProvider, vpa: string): Promise<UpiIdCheck> {
  if (!provider.checkUpiId) return 'valid';
  return provider.checkUpiId(vpa).catch(() => 'unavailable' as const);
}

function refusedUpiId(storefront: Storefront, check: Exclude<UpiIdCheck, 'valid'>): ApiError {
  return check === 'unknown'
    ? new ApiError(Errno.UPI_ID_UNKNOWN, message(storefront, 'payment.upi.error.unknownId'), 200, { field: 'vpa' })
    : new ApiError(Errno.UPI_ID_UNVERIFIED, message(storefront, 'payment.upi.error.unverified'), 200, {
        field: 'vpa',
      });
}

/**
 * UPI (India) on the async provider: a collect request to the UPI ID the shopper types (checked by the UPI ID rule
 * here, then asked of the provider), or the intent link any UPI app opens (a QR code on a desktop). Both wait for
 * the payer's approval within the UPI window (never past the order's payment window); the order is paid by the
 * provider's signed webhook or by the server-side read of GET payment/async/{paymentId}, as every async payment.
 */
export async function upiPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const provider = app.asyncPayments;

  app.post(
    '/payment/upi/start',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Starts a UPI payment of an order: a collect request to a UPI ID, or the intent link / QR',
        body: upiStartBody,
        response: { 200: envelopeSchema(upiStartAnswer) },
      },
    },
    async (request) => {
      const { storefront, body } = request;
      const user = requireUser(request);
      const vpa = body.flow === 'collect' ? normaliseUpiId(body.vpa ?? '') : null;
      if (body.flow === 'collect' && !vpa)
        throw new ApiError(Errno.UPI_ID_INVALID, message(storefront, 'payment.upi.error.invalidId'), 200, {
          field: 'vpa',
        });
      await requireMethodOffered(app, storefront, user.id, body.orderId, 'upi', { paymentRequest: false, apps: [] });
      if (vpa) {
        const check = await checkUpiId(provider, vpa);
        if (check !== 'valid') throw refusedUpiId(storefront, check);
      }
      const opening = await openAsyncPayment(app, request, {
        orderId: body.orderId,
        paidBy: 'upi',
        windowMs: APPROVAL_WINDOW_MS.upi,
        start: { method: 'upi', wallet: null, vpa },
      });
      const { action } = opening.opened;
      const answer: UpiStartAnswer = {
        payment_id: opening.paymentId,
        order_id: opening.orderId,
        flow: body.flow,
        expires_at: action.expiresAt.getTime(),
        result_url: opening.resultUrl,
      };
      if (vpa) answer.vpa = vpa;
      if (action.kind === 'qr') {
        answer.intent_url = action.payload;
        answer.qr_svg = action.svg;
      }
      // The sandbox plays the payer's UPI app with a page of its own; a real provider reaches the payer's phone.
      if (app.asyncSandbox) {
        const page = vpa ? upiSandboxAppPath(storefront.urlLocal, vpa) : action.kind === 'qr' ? action.pageUrl : null;
        if (page) answer.app_url = `${app.publicOrigin}${page}`;
      }
      return ok(answer);
    },
  );

  if (app.asyncSandbox) await app.register(upiSandboxPageRoutes, { sandbox: app.asyncSandbox });
}
