import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { baseQuery } from '../../schemas/common';
import { countryTipAnswer as countryTipSchema, serviceHoursAnswer } from '../../schemas/customer-contact';
import { serviceLineFor } from '../../../sites/service-lines';
import { serviceStatus } from '../../../sites/service-hours';
import { countryTipAnswer } from '../../contact/country-tip-answer';

/**
 * The customer-service line with "open now" decided by the server's clock (static pages cannot know it), and the
 * other-country tip. Both depend on the moment or the request, so neither may be cached by a shared cache.
 */
export async function customerContactRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/support/service-hours',
    {
      schema: {
        tags: ['cms'],
        summary:
          "The customer-service line (phone, e-mail, chat, hours in the country's zone) and whether it is open now",
        querystring: baseQuery,
        response: { 200: envelopeSchema(serviceHoursAnswer) },
      },
    },
    async (request, reply) => {
      const { local, urlLocal } = request.storefront;
      const line = serviceLineFor(local, urlLocal);
      const now = Date.now();
      const status = serviceStatus(line, now);
      void reply.header('Cache-Control', 'no-store');
      return ok({
        phone: line.phone,
        tel: line.tel,
        email: line.email,
        reply_hours: line.replyHours,
        chat_url: line.chatUrl,
        time_zone: line.zone,
        days: [...line.days],
        opens: line.opens,
        closes: line.closes,
        open_now: status.open,
        closes_at: status.closesAt,
        opens_at: status.opensAt,
        server_time: now,
      });
    },
  );

  app.get(
    '/site/country-tip',
    {
      schema: {
        tags: ['cms'],
        summary: "Whether to offer the shopper their own country's store (browser language or the CDN's country)",
        querystring: baseQuery,
        response: { 200: envelopeSchema(countryTipSchema) },
      },
    },
    async (request, reply) => {
      // The answer varies with the request's headers and cookie: never from a shared cache.
      void reply.header('Cache-Control', 'private, no-store');
      return ok(countryTipAnswer(request, app.cdnCountryHeader));
    },
  );
}
