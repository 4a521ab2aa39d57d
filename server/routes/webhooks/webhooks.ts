import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { message, translate } from '../../i18n';
import {
  WEBHOOK_ENDPOINTS_MAX,
  webhookDeliveriesAnswer,
  webhookDeliveriesQuery,
  webhookDeliveryAnswer,
  webhookEndpointAnswer,
  webhookEndpointCreateBody,
  webhookEndpointIdBody,
  webhookEndpointsAnswer,
  webhookEndpointUpdateBody,
  webhookResendBody,
} from '../../schemas/webhooks';
import { newWebhookSecret } from '../../webhooks/signing';
import { STAFF_TAG } from '../gates/staff-gate';

const endpointAnswer = { 200: envelopeSchema(webhookEndpointAnswer) } as const;

/**
 * The staff console's webhooks: endpoints (added, changed, paused, their secret rotated) and each one's deliveries,
 * with a resend. Staff only (the staff gate); the secret is shown once, when the store makes it.
 */
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { endpoints, deliveries } = app.webhooks;

  function checkedUrl(request: FastifyRequest, url: string | undefined): string | undefined {
    if (url === undefined) return undefined;
    const trimmed = url.trim();
    const problem = app.webhooks.urlProblem(trimmed);
    if (problem)
      throw new ApiError(Errno.WEBHOOK_URL_INVALID, message(request.storefront, 'console.webhooks.error.url'), 200, {
        fields: { url: problem },
      });
    return trimmed;
  }
  const notFound = (request: FastifyRequest) =>
    new ApiError(Errno.WEBHOOK_ENDPOINT_NOT_FOUND, message(request.storefront, 'console.webhooks.error.notFound'));

  app.get(
    '/staff/webhooks',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'The webhook endpoints with their deliveries counted by state (never their secrets)',
        response: { 200: envelopeSchema(webhookEndpointsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok({ endpoints: await endpoints.list() });
    },
  );

  app.post(
    '/staff/webhooks/create',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Add an endpoint: its URL (https), the order events and countries it wants; answers its signing secret, ' +
          `shown this once (errno 45150 bad URL, 45151 already ${WEBHOOK_ENDPOINTS_MAX} endpoints)`,
        body: webhookEndpointCreateBody,
        response: endpointAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const b = request.body;
      const secret = newWebhookSecret();
      const endpoint = await endpoints.create({
        url: checkedUrl(request, b.url)!,
        kinds: b.kinds,
        countries: b.countries ?? [],
        description: (b.description ?? '').trim(),
        secret,
        createdBy: staff.id,
      });
      if (!endpoint)
        throw new ApiError(
          Errno.WEBHOOK_ENDPOINTS_FULL,
          translate(request.storefront, 'console.webhooks.error.full', { max: WEBHOOK_ENDPOINTS_MAX }),
        );
      request.log.info({ staffUserId: staff.id, endpointId: endpoint.id }, 'webhook endpoint added');
      return ok({ endpoint, secret });
    },
  );

  app.post(
    '/staff/webhooks/update',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: 'Change an endpoint: URL, events, countries, note, or pause and resume it (`active`)',
        body: webhookEndpointUpdateBody,
        response: endpointAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const b = request.body;
      const endpoint = await endpoints.update(b.id, {
        url: checkedUrl(request, b.url),
        kinds: b.kinds,
        countries: b.countries,
        description: b.description?.trim(),
        active: b.active,
      });
      if (!endpoint) throw notFound(request);
      request.log.info({ staffUserId: staff.id, endpointId: endpoint.id }, 'webhook endpoint changed');
      return ok({ endpoint });
    },
  );

  app.post(
    '/staff/webhooks/rotate',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'A new signing secret for an endpoint, shown this once; the previous one also signs for 24 hours, so ' +
          'the receiver can switch without refusing deliveries',
        body: webhookEndpointIdBody,
        response: endpointAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const secret = newWebhookSecret();
      const endpoint = await endpoints.rotate(request.body.id, secret);
      if (!endpoint) throw notFound(request);
      request.log.info({ staffUserId: staff.id, endpointId: endpoint.id }, 'webhook secret rotated');
      return ok({ endpoint, secret });
    },
  );

  app.get(
    '/staff/webhooks/deliveries',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          "An endpoint's deliveries, newest first: event, order, attempts, last status or error, next attempt, " +
          'delivered time',
        querystring: webhookDeliveriesQuery,
        response: { 200: envelopeSchema(webhookDeliveriesAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const q = request.query;
      if (!(await endpoints.view(q.endpoint_id))) throw notFound(request);
      return ok({
        deliveries: await deliveries.forEndpoint(q.endpoint_id, { state: q.state, before: q.before, limit: q.limit }),
      });
    },
  );

  app.post(
    '/staff/webhooks/resend',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Send a delivery again now with a fresh run of attempts (errno 45153 unknown delivery, 45154 an ' +
          'attempt is under way)',
        body: webhookResendBody,
        response: { 200: envelopeSchema(webhookDeliveryAnswer) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const result = await deliveries.resend(request.body.id);
      if (result === 'not_found')
        throw new ApiError(
          Errno.WEBHOOK_DELIVERY_NOT_FOUND,
          message(request.storefront, 'console.webhooks.error.deliveryNotFound'),
        );
      if (result === 'in_flight')
        throw new ApiError(
          Errno.WEBHOOK_DELIVERY_IN_FLIGHT,
          message(request.storefront, 'console.webhooks.error.inFlight'),
        );
      request.log.info({ staffUserId: staff.id, deliveryId: result.id }, 'webhook delivery resent');
      return ok({ delivery: result });
    },
  );
}
