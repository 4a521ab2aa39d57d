import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { paymentWebhookEventsRepository } from '../../repositories/payment-webhook-events';
import { asyncWebhookAnswer, asyncWebhookBody } from '../../schemas/async-payments';

/** Where a provider posts its webhooks (under /api, outside any storefront: a provider has no country). */
export const asyncWebhookPath = (providerId: string) => `/api/payments/webhooks/${providerId}`;

/**
 * The async provider's webhooks. The signature (HMAC-SHA256 over timestamp and raw body) and the timestamp window
 * are checked first; the event id is claimed so a replay is answered without being handled again; then the store
 * reads the payment back from the provider (the webhook only says which one to look at) and records it through
 * the reconciler, which pays the order once (the payments' one-success rule) or refunds a late success.
 */
export async function paymentWebhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const provider = app.asyncPayments;
  const events = paymentWebhookEventsRepository(app.db);
  // The signature covers the body's bytes: it is kept as text here, and parsed only once verified.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 10_000 }, (_request, body, done) =>
    done(null, body),
  );

  const refused = (reason: string) =>
    new ApiError(Errno.ASYNC_WEBHOOK_REFUSED, `webhook refused: ${reason}`, 400, { reason });

  app.post(
    `/payments/webhooks/${provider.id}`,
    {
      schema: {
        tags: ['payment'],
        summary: "The async payment provider's signed webhook (header t=<unix>,v1=<hex HMAC-SHA256 of t.body>)",
        body: asyncWebhookBody,
        response: { 200: envelopeSchema(asyncWebhookAnswer) },
      },
    },
    async (request) => {
      const header = request.headers['x-sandbox-signature'];
      const verified = await provider.verifyWebhook(request.body, typeof header === 'string' ? header : undefined);
      if (typeof verified === 'string') throw refused(verified);
      const known = await provider.retrieve(verified.providerRef);
      const payment = known ? await app.repos.payments.byReference(provider.id, known.reference) : null;
      if (!known || !payment)
        throw new ApiError(Errno.ASYNC_WEBHOOK_UNKNOWN_PAYMENT, 'no such payment', 400, { reason: 'unknown' });
      if (!(await events.claim(provider.id, verified.eventId, known.reference)))
        return ok({ handled: false, duplicate: true });
      try {
        await app.reconciler.settleOne(payment.id, { settled: true });
      } catch (err) {
        // Not handled: the claim is given back so the provider's retry is.
        await events.release(provider.id, verified.eventId);
        throw err;
      }
      return ok({ handled: true, duplicate: false });
    },
  );
}
