import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { clientKey } from '../../security/client-address';
import { ERROR_REPORT_LIMITS } from '../../repositories/error-reports';
import { errorErrsaveAnswer, errsaveBody } from '../../schemas/site';

// The largest report taken lives with the body schema; the tests read it from here.
export { ERRSAVE_MAX_CONTENT } from '../../schemas/site';

/** Front-end error reports (errsave; form body, often a beacon). */
export async function errorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/error/errsave',
    {
      config: { rateLimit: RATE_RULES.errsave },
      schema: {
        tags: ['misc'],
        summary:
          `Save a front-end error report (grouped by fingerprint; 20 a minute and ` +
          `${ERROR_REPORT_LIMITS.addressBytes / 1024} KB stored an hour per client, else 429; ` +
          `kept false when everyone's hourly budget is spent)`,
        body: errsaveBody,
        response: {
          200: envelopeSchema(errorErrsaveAnswer),
        },
      },
    },
    async (request, reply) => {
      const saved = await app.repos.errorReports.save({
        urlLocal: request.storefront.urlLocal,
        // Reports quote broken pages verbatim; NUL cannot be stored in Postgres text.
        url: request.body.url.replaceAll('\u0000', '\uFFFD'),
        content: request.body.content.replaceAll('\u0000', '\uFFFD'),
        userAgent: request.headers['user-agent']?.replaceAll('\u0000', '\uFFFD'),
        address: clientKey(request.ip),
        release: request.body.release || undefined,
      });
      if (saved.kept) return ok({ id: saved.id, kept: true });
      // The address's own budget is spent: it waits like any other rate limit. Otherwise it did nothing wrong and
      // must not retry: the report is dropped.
      if (saved.reason === 'address') {
        void reply.header('Retry-After', String(saved.retryInSeconds));
        throw new ApiError(
          Errno.RATE_LIMITED,
          translate(request.storefront, 'common.tooManyRequests', { count: saved.retryInSeconds }),
          429,
        );
      }
      return ok({ id: 0, kept: false });
    },
  );
}
