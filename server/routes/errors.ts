import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../envelope';
import { RATE_RULES } from '../security/rate-limit';

/** Largest report kept; a bigger one is refused with a clear errno instead of being cut silently. */
export const ERRSAVE_MAX_CONTENT = 16 * 1024;

/** Front-end error reports (§7 errsave; form body, often a beacon). */
export async function errorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/error/errsave',
    {
      config: { rateLimit: RATE_RULES.errsave },
      schema: {
        tags: ['misc'],
        summary: 'Save a front-end error report (grouped by fingerprint; 20 a minute per client)',
        body: {
          type: 'object',
          required: ['url', 'content'],
          properties: {
            url: { type: 'string', minLength: 1, maxLength: 2048 },
            content: { type: 'string', minLength: 1, maxLength: ERRSAVE_MAX_CONTENT },
          },
        },
        response: { 200: envelopeSchema({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } as const) },
      },
    },
    async (request) => {
      const id = await app.repos.errorReports.save({
        urlLocal: request.storefront.urlLocal,
        // Reports quote broken pages verbatim; NUL cannot be stored in Postgres text.
        url: request.body.url.replaceAll('\u0000', '\uFFFD'),
        content: request.body.content.replaceAll('\u0000', '\uFFFD'),
        userAgent: request.headers['user-agent'],
      });
      return ok({ id });
    },
  );
}
