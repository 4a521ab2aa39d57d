import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno, type ErrnoCode } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { noData } from '../../schemas/common';
import {
  deviceAnswer,
  deviceIdBody,
  deviceModelsAnswer,
  deviceRegisterBody,
  devicesAnswer,
} from '../../schemas/devices';
import {
  DEVICE_PENDING_MAX,
  DEVICES_PER_ACCOUNT_MAX,
  devicesRepository,
  type DeviceRow,
  type RegistrationResult,
} from '../../repositories/devices';
import { checkNumbers } from '../../devices/device-numbers';
import { dayIn, warrantyMonthsFor } from '../../devices/warranty';
import { purchaseDateProblem } from '../../devices/purchase-date';
import { UPLOADS_PER_REQUEST } from '../../uploads/file-type';
import { deviceView } from './device-view';
import { warrantyCheckRoutes } from './warranty-check';
import { insuranceRepository } from '../../repositories/insurance';
import { staffDeviceRoutes } from './staff-devices';
import type { Storefront } from '../../storefront';

/** Each refusal of a registration: its errno and the text key of what the shopper reads. */
const REFUSALS: Record<Exclude<RegistrationResult, { ok: true }>['reason'], [ErrnoCode, string]> = {
  product: [Errno.DEVICE_PRODUCT_NOT_SERIALISED, 'device.error.product'],
  yours: [Errno.DEVICE_ALREADY_YOURS, 'device.error.yours'],
  claimed: [Errno.DEVICE_ALREADY_YOURS, 'device.error.claimed'],
  held: [Errno.DEVICE_HELD_ELSEWHERE, 'device.error.held'],
  pending_limit: [Errno.DEVICE_LIMIT, 'device.error.pendingLimit'],
  device_limit: [Errno.DEVICE_LIMIT, 'device.error.deviceLimit'],
  uploads: [Errno.DEVICE_PROOF, 'device.error.proof'],
};

const fail = (storefront: Storefront, errno: ErrnoCode, key: string, data: Record<string, unknown> | null = null) =>
  new ApiError(errno, message(storefront, key), 200, data);

/**
 * My devices: the account's devices with their warranty and service history, the registration of a unit bought
 * elsewhere (with a proof of purchase for staff to verify), and removing one the shopper no longer has. The warranty
 * check (public) and the staff's verification are their own files.
 */
export async function deviceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const devices = devicesRepository(app.db);
  const insurance = insuranceRepository(app.db);
  await app.register(warrantyCheckRoutes);
  await app.register(staffDeviceRoutes);

  /** The owner's views of rows: one read of every number's vouching rows and one of the account's requests. */
  async function views(userId: number, rows: readonly DeviceRow[]) {
    const numbers = rows.flatMap((d) => [d.imei, d.serial]).filter((n): n is string => n !== null);
    const imeis = rows.flatMap((d) => (d.imei ? [d.imei] : []));
    const [vouched, service, policies] = await Promise.all([
      devices.vouchedFor(numbers),
      devices.serviceOf(
        userId,
        numbers,
        rows.map((d) => d.id),
      ),
      insurance.ofImeis(userId, imeis),
    ]);
    const now = Date.now();
    return rows.map((d) => deviceView(d, vouched, service, now, policies));
  }

  app.get(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary:
          "The account's devices (bought here and shipped with their numbers, or registered): warranty, " +
          'protection plan, service history, and registrations waiting for staff or refused in the last 30 days',
        response: { 200: envelopeSchema(devicesAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({
        devices: await views(user.id, await devices.list(user.id)),
        pending_max: DEVICE_PENDING_MAX,
        devices_max: DEVICES_PER_ACCOUNT_MAX,
      });
    },
  );

  app.get(
    '/devices/models',
    {
      schema: {
        tags: ['devices'],
        summary: 'The products sold as numbered units in this country, which a shopper may register',
        response: { 200: envelopeSchema(deviceModelsAnswer) },
      },
    },
    async (request) => {
      requireUser(request);
      return ok({ models: await devices.models(request.storefront.local), max_files: UPLOADS_PER_REQUEST });
    },
  );

  app.post(
    '/devices/register',
    {
      schema: {
        tags: ['devices'],
        summary:
          'Register a unit bought elsewhere or before: the product, its IMEI (15 digits with the check digit) or ' +
          'serial, the purchase date and 1-5 files of proof (after-sales uploads); it waits for staff to verify ' +
          'the proof and holds the number only then',
        body: deviceRegisterBody,
        response: { 200: envelopeSchema(deviceAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const b = request.body;
      const numbers = checkNumbers(b.imei, b.serial);
      if (!numbers.ok)
        throw fail(storefront, Errno.DEVICE_NUMBER_INVALID, `device.error.${numbers.field}.${numbers.fault}`, {
          fields: { [numbers.field]: numbers.fault },
        });
      const dateProblem = purchaseDateProblem(b.purchaseDate, dayIn(storefront.local, Date.now()));
      if (dateProblem)
        throw fail(storefront, Errno.DEVICE_PURCHASE_DATE, 'device.error.purchaseDate', {
          fields: { purchaseDate: dateProblem },
        });
      if (b.uploadIds.length === 0)
        throw fail(storefront, Errno.DEVICE_PROOF, 'device.error.proof', { fields: { uploadIds: 'required' } });
      const result = await devices.register({
        userId: user.id,
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        productId: b.productId,
        numbers: numbers.numbers,
        purchaseDate: b.purchaseDate,
        uploadIds: b.uploadIds,
        months: (product) => warrantyMonthsFor(storefront.local, product.refurbished),
      });
      if (!result.ok) {
        const [errno, key] = REFUSALS[result.reason];
        throw fail(storefront, errno, key);
      }
      request.log.info({ userId: user.id, deviceId: result.device.id }, 'device registered');
      return ok({ device: (await views(user.id, [result.device]))[0]! });
    },
  );

  app.post(
    '/devices/remove',
    {
      schema: {
        tags: ['devices'],
        summary:
          'The shopper no longer has the unit (sold, given away) or withdraws a registration: the number is free ' +
          'for its next owner; its warranty stays with the unit',
        body: deviceIdBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request: FastifyRequest<{ Body: { id: string } }>) => {
      const user = requireUser(request);
      if (!(await devices.remove(user.id, request.body.id)))
        throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'device.error.notFound'), 404);
      return ok({});
    },
  );
}
