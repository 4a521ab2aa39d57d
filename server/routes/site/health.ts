import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { healthRepository } from '../../repositories/health';
import { healthData } from '../../schemas/site';

// Only whether the store is up: the driver, versions and uptime would tell an attacker what to aim at.

/** GET /api/health: answers ok when the database answers (load balancers and operators). */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const health = healthRepository(app.db);
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Health check: ok when the store and its database answer',
        response: { 200: envelopeSchema(healthData) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await health.ping();
      } catch (err) {
        app.log.error({ err }, 'health: database ping failed');
        throw new ApiError(Errno.SERVICE_UNAVAILABLE, 'the store is not available', 503);
      }
      return ok({ status: 'ok' as const });
    },
  );
}
