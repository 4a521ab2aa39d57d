import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../envelope';
import { ApiError, Errno } from '../errors';
import { VERSION } from '../config';

const healthData = {
  type: 'object',
  required: ['status', 'db', 'driver', 'version', 'uptime_s'],
  properties: {
    status: { enum: ['ok'] },
    db: { enum: ['ok'] },
    driver: { enum: ['pglite', 'pg'] },
    version: { type: 'string' },
    uptime_s: { type: 'number' },
  },
} as const;

/** GET /api/health: database ping, version, uptime (load balancers and operators). */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/health',
    { schema: { tags: ['ops'], summary: 'Health check', response: { 200: envelopeSchema(healthData) } } },
    async () => {
      try {
        await app.db.query('SELECT 1');
      } catch (err) {
        app.log.error({ err }, 'health: database ping failed');
        throw new ApiError(Errno.INTERNAL, 'database unavailable', 503);
      }
      return ok({ status: 'ok' as const, db: 'ok' as const, driver: app.db.driver, version: VERSION, uptime_s: Math.round(process.uptime()) });
    },
  );
}
