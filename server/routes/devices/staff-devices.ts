import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { message, translator } from '../../i18n';
import { findStorefront } from '../../storefront';
import { staffDeviceAnswer, staffDeviceReviewBody, staffDevicesAnswer, staffDevicesQuery } from '../../schemas/devices';
import { devicesRepository, type PendingDevice } from '../../repositories/devices';
import { lookupNumber } from '../../devices/device-numbers';
import { dayIn } from '../../devices/warranty';
import { staffDeviceView } from './device-view';
import { purchaseDateProblem } from '../../devices/purchase-date';

/** The options of a route of this file: all are staff routes (the staff gate keys on the tag). */
const staffRoute = <Schema extends object>(summary: string, schema: Schema) => ({
  schema: { tags: ['staff'], summary, ...schema },
});

/**
 * The console's Devices tab: registrations waiting for staff with their proof of purchase, every row of a number
 * (who held it when), and the decision on a registration: verified (from the purchase date on the proof, which staff
 * may correct) or refused with a reason. The shopper is told by message in their storefront's language.
 */
export async function staffDeviceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const devices = devicesRepository(app.db);

  async function views(rows: PendingDevice[]) {
    const numbers = rows.flatMap((d) => [d.imei, d.serial]).filter((n): n is string => n !== null);
    const vouched = await devices.vouchedFor(numbers);
    const now = Date.now();
    return rows.map((d) => staffDeviceView(d, vouched, now));
  }

  app.get(
    '/staff/devices',
    staffRoute(
      'Registrations waiting for staff (oldest first, with the proof files), or every row of one IMEI or serial',
      { querystring: staffDevicesQuery, response: { 200: envelopeSchema(staffDevicesAnswer) } },
    ),
    async (request) => {
      requireStaff(request);
      const raw = request.query.number?.trim();
      if (!raw) return ok({ devices: await views(await devices.pending()) });
      const number = lookupNumber(raw);
      if (!number)
        throw new ApiError(
          Errno.DEVICE_NUMBER_INVALID,
          message(request.storefront, 'warrantyCheck.error.number'),
          200,
          {
            fields: { number: 'format' },
          },
        );
      return ok({ devices: await views(await devices.byNumber(number)) });
    },
  );

  app.post(
    '/staff/devices/review',
    staffRoute(
      'Verify a registration (optionally with the purchase date corrected from the proof) or refuse it with a ' +
        'reason; refused when it was decided already (errno 48107) or another account holds the number (48101)',
      { body: staffDeviceReviewBody, response: { 200: envelopeSchema(staffDeviceAnswer) } },
    ),
    async (request) => {
      const staff = requireStaff(request);
      const { storefront } = request;
      const b = request.body;
      const reason = b.reason?.trim() ?? '';
      if (b.decision === 'reject' && !reason)
        throw new ApiError(Errno.INVALID_PARAM, message(storefront, 'device.console.reasonRequired'), 400, {
          fields: { reason: 'required' },
        });
      const dateProblem = b.purchaseDate && purchaseDateProblem(b.purchaseDate, dayIn(storefront.local, Date.now()));
      if (dateProblem)
        throw new ApiError(Errno.DEVICE_PURCHASE_DATE, message(storefront, 'device.error.purchaseDate'), 200, {
          fields: { purchaseDate: dateProblem },
        });
      const result = await devices.review(
        b.id,
        b.decision === 'verify'
          ? { decision: 'verify', staffId: staff.id, ...(b.purchaseDate ? { purchaseDate: b.purchaseDate } : {}) }
          : { decision: 'reject', reason, staffId: staff.id },
        (row) => {
          const tr = translator(findStorefront(row.url_local) ?? storefront);
          return row.verification === 'verified'
            ? {
                title: tr('device.message.verifiedTitle'),
                body: tr('device.message.verifiedBody', { model: row.model }),
              }
            : {
                title: tr('device.message.rejectedTitle'),
                body: tr('device.message.rejectedBody', { model: row.model, reason: row.rejection_reason ?? '' }),
              };
        },
      );
      if (!result.ok) {
        if (result.reason === 'not_found')
          throw new ApiError(Errno.NOT_FOUND, message(storefront, 'device.error.notFound'), 404);
        if (result.reason === 'held')
          throw new ApiError(Errno.DEVICE_HELD_ELSEWHERE, message(storefront, 'device.console.held'));
        throw new ApiError(Errno.DEVICE_REVIEW_STATE, message(storefront, 'device.console.decided'));
      }
      request.log.info({ staffUserId: staff.id, deviceId: b.id, decision: b.decision }, 'device registration decided');
      return ok({ device: (await views([(await devices.staffOne(result.device.id))!]))[0]! });
    },
  );
}
