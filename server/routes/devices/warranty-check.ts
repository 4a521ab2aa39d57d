import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { warrantyCheckAnswer, warrantyCheckQuery } from '../../schemas/devices';
import { devicesRepository } from '../../repositories/devices';
import { lookupNumber } from '../../devices/device-numbers';
import { dayIn, warrantyOn } from '../../devices/warranty';
import { unitWarranty } from '../../devices/warranty-basis';

/**
 * The warranty check of /universal/warranty-check/: for any IMEI or serial, the model and whether it is in warranty,
 * until when. It says nothing of the buyer (no name, order or country), answers a number it does not know in the
 * same shape, and allows each client address 20 lookups in 10 minutes (then 429 with Retry-After).
 */
export async function warrantyCheckRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const devices = devicesRepository(app.db);

  app.get(
    '/warranty/check',
    {
      config: { rateLimit: RATE_RULES.warrantyCheck },
      schema: {
        tags: ['devices'],
        summary:
          'The warranty of a unit by its IMEI or serial: model, status (in_warranty, expired, not_started: on its ' +
          'way; unknown) and the last day covered; nothing about its buyer',
        querystring: warrantyCheckQuery,
        response: { 200: envelopeSchema(warrantyCheckAnswer) },
      },
    },
    async (request, reply) => {
      const number = lookupNumber(request.query.number);
      if (!number)
        throw new ApiError(
          Errno.DEVICE_NUMBER_INVALID,
          message(request.storefront, 'warrantyCheck.error.number'),
          200,
          {
            fields: { number: 'format' },
          },
        );
      const unit = unitWarranty(await devices.vouchedFor([number]));
      const standing = warrantyOn(unit, dayIn(unit?.local ?? request.storefront.local, Date.now()));
      // The answer changes with each shipment and delivery: no shared cache keeps it.
      void reply.header('Cache-Control', 'no-store');
      return ok({ number, model: unit?.model ?? null, status: standing.status, until: standing.until });
    },
  );
}
