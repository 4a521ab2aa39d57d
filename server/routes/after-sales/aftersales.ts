import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { message, translator } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { checkUpload, safeFileName, UPLOAD_MAX_BYTES, UPLOADS_PER_REQUEST } from '../../uploads/file-type';
import { NEXT_STATES, type RequestState } from '../../repositories/aftersales';
import { at, eventView, requestView, returnView, uploadView } from './request-view';
import { returnRoutes } from './returns';
import { returnsRepository } from '../../repositories/returns';
import { devicesRepository } from '../../repositories/devices';
import { dayIn } from '../../devices/warranty';
import { returnStepsFrom } from '../../returns/staff-steps';
import type { Storefront } from '../../storefront';
import { clientKey } from '../../security/client-address';
import type { UploadQuotaKind } from '../../uploads/quota';
import { noData } from '../../schemas/common';
import {
  aftersalesApplyAnswer,
  aftersalesListAnswer,
  aftersalesProductsAnswer,
  aftersalesProgressAnswer,
  aftersalesUploadAnswer,
  serviceRequestDetailSchema,
  staffServiceRequestsAnswer,
  aftersalesApplyBody,
  aftersalesDetailQuery,
  aftersalesFeedbackBody,
  aftersalesIdBody,
  aftersalesProgressQuery,
  aftersalesUploadParams,
  serviceRequestAdvanceBody,
  staffServiceRequestsQuery,
} from '../../schemas/after-sales';
import { filesRefused } from './files-refused';

/** What a shopper reads when a quota refuses a file: waiting files can be removed; the others only wait. */
const QUOTA_MESSAGES: Record<UploadQuotaKind, string> = {
  pending: 'aftersales.error.uploadQuota',
  account: 'aftersales.error.storageQuota',
  address: 'aftersales.error.addressQuota',
};
const t = (storefront: Storefront, key: string) => message(storefront, key);
const empty = envelopeSchema(noData);

/** Proof of purchase: an IMEI of 15 digits, or a serial of 8–20 letters and digits. */
function deviceFields(
  imei: string | undefined,
  serial: string | undefined,
): { imei: string | null; serial: string | null; fields: Record<string, string> } {
  const i = imei?.replace(/[\s-]/g, '') ?? '';
  const s = serial?.replace(/[\s-]/g, '').toUpperCase() ?? '';
  const fields: Record<string, string> = {};
  if (!i && !s) fields['imei'] = 'required';
  if (i && !/^\d{15}$/.test(i)) fields['imei'] = 'imei';
  if (s && !/^[A-Z0-9]{8,20}$/.test(s)) fields['serial'] = 'serial';
  return { imei: i || null, serial: s || null, fields };
}

/**
 * After-sales: proof-of-purchase uploads (raw bytes, one file per call, checked by their bytes), repair /
 * return / exchange requests for a product of the user's paid orders, their list, detail, feedback and the service
 * progress lookup; staff list requests and move them through their states.
 */
export async function aftersalesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const returns = returnsRepository(app.db);
  const devices = devicesRepository(app.db);
  await returnRoutes(fastify);
  // Files come as their own bytes (Content-Type of the file, name in X-File-Name); only this plugin accepts them.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 1 },
    (_req, body, done) => done(null, body),
  );

  const uploadError = (storefront: Storefront, reason: 'size' | 'type') =>
    new ApiError(
      Errno.UPLOAD_REFUSED,
      t(storefront, reason === 'size' ? 'aftersales.error.fileSize' : 'aftersales.error.fileType'),
      200,
      { reason },
    );
  const quotaError = (storefront: Storefront, quota: UploadQuotaKind) =>
    new ApiError(Errno.UPLOAD_REFUSED, t(storefront, QUOTA_MESSAGES[quota]), 200, { reason: 'quota', quota });

  app.post(
    '/aftersales/upload',
    {
      bodyLimit: UPLOAD_MAX_BYTES + 1,
      config: { rateLimit: RATE_RULES.upload },
      schema: {
        tags: ['after-sales'],
        summary:
          'Upload one file (proof of purchase, review photo, business document: jpg, jpeg, png or pdf under ' +
          '10 MB): its bytes as the body, its name in X-File-Name; refused with reason quota past the ' +
          "account's or the address's storage quota",
        response: { 200: envelopeSchema(aftersalesUploadAnswer) },
      },
    },
    async (request: FastifyRequest) => {
      const user = requireUser(request);
      const { storefront } = request;
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw uploadError(storefront, 'type');
      const header = request.headers['x-file-name'];
      let name = '';
      try {
        name = decodeURIComponent(typeof header === 'string' ? header : '');
      } catch {
        throw uploadError(storefront, 'type');
      }
      const checked = checkUpload(name, body);
      if (!checked.ok) throw uploadError(storefront, checked.reason === 'size' ? 'size' : 'type');
      const saved = await app.repos.aftersales.saveUpload(
        { userId: user.id, address: clientKey(request.ip) },
        safeFileName(name),
        checked.type,
        body,
      );
      if (!saved.ok) throw quotaError(storefront, saved.quota);
      return ok({ upload: uploadView(saved.upload) });
    },
  );

  app.get(
    '/aftersales/upload/:id',
    {
      schema: {
        tags: ['after-sales'],
        summary: 'A file of the user (or for staff): sent as an attachment, never rendered by the browser',
        params: aftersalesUploadParams,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await app.repos.aftersales.upload({ id: user.id, staff: user.role === 'staff' }, request.params.id);
      if (!file) throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'aftersales.error.notFound'), 404);
      return reply
        .header('Content-Type', file.content_type)
        .header('Content-Disposition', `attachment; filename="${file.file_name}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.post(
    '/aftersales/upload/delete',
    {
      schema: {
        tags: ['after-sales'],
        summary: 'Remove an upload not yet part of a request',
        body: aftersalesIdBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await app.repos.aftersales.deleteUpload(user.id, request.body.id)))
        throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'aftersales.error.notFound'), 404);
      return ok({});
    },
  );

  app.get(
    '/aftersales/products',
    {
      schema: {
        tags: ['after-sales'],
        summary: "The products of the user's paid orders a request can be made for",
        response: { 200: envelopeSchema(aftersalesProductsAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const lines = await app.repos.aftersales.eligibleLines(user.id, request.storefront.local);
      return ok({ lines: lines.map((l) => ({ ...l, paid_at: at(l.paid_at) })), max_files: UPLOADS_PER_REQUEST });
    },
  );

  app.post(
    '/aftersales/apply',
    {
      schema: {
        tags: ['after-sales'],
        summary:
          'Request a repair, return or exchange for one product of a paid order, with device data, the ' +
          'issue and proof of purchase',
        body: aftersalesApplyBody,
        response: { 200: envelopeSchema(aftersalesApplyAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const b = request.body;
      // A return names lines and quantities of a delivered order, within its window: POST aftersales/return.
      if (b.kind === 'return') throw new ApiError(Errno.RETURN_USE_RETURN_FORM, t(storefront, 'returns.error.useForm'));
      // A claim names its insurance policy: POST aftersales/claim.
      if (b.kind === 'claim')
        throw new ApiError(Errno.INSURANCE_USE_CLAIM_FORM, t(storefront, 'insurance.error.useClaimForm'));
      // A device of the user's list brings its numbers, model and order line; the shopper retypes none of them.
      const chosen = b.deviceId ? await devices.mine(user.id, b.deviceId) : null;
      if (b.deviceId && (chosen?.verification !== 'verified' || chosen.local !== storefront.local))
        throw new ApiError(Errno.DEVICE_NOT_YOURS, t(storefront, 'device.error.notYours'));
      const device = chosen ? { imei: chosen.imei, serial: chosen.serial, fields: {} } : deviceFields(b.imei, b.serial);
      const fields: Record<string, string> = { ...device.fields };
      // Without an order of this store there is nothing to exchange: a registered device gets repairs.
      if (chosen && !chosen.order_id && b.kind !== 'repair') fields['kind'] = 'repairOnly';
      const orderId = chosen ? chosen.order_id : (b.orderId ?? null);
      const commodityId = chosen ? (chosen.commodity_id ?? '') : (b.commodityId ?? '');
      if (!chosen && (!orderId || !commodityId)) fields['product'] = 'required';
      const description = b.description.trim();
      if (description.length < 6 || description.length > 300) fields['description'] = 'length';
      if (!chosen && (/^\s/.test(b.model) || !b.model.trim())) fields['model'] = 'required';
      // Today in the storefront's country: a purchase made this morning in Jakarta is still tomorrow in UTC.
      if (b.purchaseDate > dayIn(storefront.local, Date.now())) fields['purchaseDate'] = 'future';
      if (b.uploadIds.length === 0) fields['uploadIds'] = 'required';
      if (b.uploadIds.length > UPLOADS_PER_REQUEST) fields['uploadIds'] = 'tooMany';
      if (Object.keys(fields).length > 0)
        throw new ApiError(Errno.INVALID_PARAM, t(storefront, 'aftersales.error.fields'), 400, { fields });
      const tr = translator(storefront);
      const result = await app.repos.aftersales.apply({
        userId: user.id,
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        orderId,
        commodityId,
        deviceId: chosen?.id ?? null,
        kind: b.kind,
        imei: device.imei,
        serial: device.serial,
        model: chosen ? chosen.model : b.model.trim(),
        purchaseDate: b.purchaseDate,
        description,
        uploadIds: b.uploadIds,
        message: (row) => ({
          title: tr('aftersales.message.submittedTitle', { no: row.request_no }),
          body: tr('aftersales.message.submittedBody', { product: row.product_name }),
        }),
      });
      if (result.ok) return ok({ request: requestView(result.request) });
      switch (result.reason) {
        case 'order':
          throw new ApiError(Errno.NOT_FOUND, t(storefront, 'aftersales.error.order'), 404);
        case 'device':
          throw new ApiError(Errno.DEVICE_NOT_YOURS, t(storefront, 'device.error.notYours'));
        case 'already_open':
          throw new ApiError(Errno.SERVICE_REQUEST_OPEN, t(storefront, 'aftersales.error.alreadyOpen'));
        default:
          throw filesRefused(storefront, result.reason);
      }
    },
  );

  app.get(
    '/aftersales/list',
    {
      schema: {
        tags: ['after-sales'],
        summary: "The user's requests with their states",
        response: { 200: envelopeSchema(aftersalesListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({ requests: (await app.repos.aftersales.list(user.id, request.storefront.local)).map(requestView) });
    },
  );

  app.get(
    '/aftersales/detail',
    {
      schema: {
        tags: ['after-sales'],
        summary: 'One request with its schedule and files (its owner, or staff)',
        querystring: aftersalesDetailQuery,
        response: { 200: envelopeSchema(serviceRequestDetailSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const staff = user.role === 'staff';
      const found = await app.repos.aftersales.detail({ id: user.id, staff }, request.query.id);
      if (!found) throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'aftersales.error.notFound'), 404);
      const asReturn = found.request.kind === 'return' ? await returns.detail(found.request.id) : null;
      return ok({
        request: requestView(found.request),
        events: found.events.map(eventView),
        uploads: found.uploads.map(uploadView),
        next_states: staff && !asReturn ? [...NEXT_STATES[found.request.state]] : [],
        return: asReturn ? returnView(asReturn) : null,
        return_steps: staff && asReturn ? returnStepsFrom(asReturn.row.state) : [],
      });
    },
  );

  app.post(
    '/aftersales/cancel',
    {
      schema: {
        tags: ['after-sales'],
        summary: 'Withdraw a request before it is received',
        body: aftersalesIdBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await app.repos.aftersales.cancel(user.id, request.body.id);
      if (result === 'not_found')
        throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'aftersales.error.notFound'), 404);
      if (result === 'too_late')
        throw new ApiError(Errno.SERVICE_REQUEST_STATE, t(request.storefront, 'aftersales.error.tooLate'));
      return ok({});
    },
  );

  app.post(
    '/aftersales/feedback',
    {
      schema: {
        tags: ['after-sales'],
        summary: 'Feedback on a finished request (50–500 characters, once)',
        body: aftersalesFeedbackBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const text = request.body.text.trim();
      if (text.length < 50 || text.length > 500)
        throw new ApiError(Errno.INVALID_PARAM, t(storefront, 'aftersales.error.feedbackLength'), 400, {
          fields: { text: 'length' },
        });
      const result = await app.repos.aftersales.feedback(user.id, request.body.id, text);
      if (result === 'not_found') throw new ApiError(Errno.NOT_FOUND, t(storefront, 'aftersales.error.notFound'), 404);
      if (result === 'not_completed')
        throw new ApiError(Errno.SERVICE_REQUEST_STATE, t(storefront, 'aftersales.error.notCompleted'));
      if (result === 'given')
        throw new ApiError(Errno.SERVICE_REQUEST_STATE, t(storefront, 'aftersales.error.feedbackGiven'));
      return ok({});
    },
  );

  app.get(
    '/aftersales/progress',
    {
      config: { rateLimit: RATE_RULES.write },
      schema: {
        tags: ['after-sales'],
        summary: 'Service progress by request number and the device IMEI or serial (no account needed)',
        querystring: aftersalesProgressQuery,
        response: { 200: envelopeSchema(aftersalesProgressAnswer) },
      },
    },
    async (request) => {
      const device = request.query.device.replace(/[\s-]/g, '').toUpperCase();
      const found = await app.repos.aftersales.progress(request.query.requestNo.trim().toUpperCase(), device);
      if (!found) throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'aftersales.error.progressNotFound'), 404);
      // Without an account only the schedule is shown, not the owner's description or files.
      return ok({ request: { ...requestView(found.request), description: '' }, events: found.events.map(eventView) });
    },
  );

  app.get(
    '/staff/service-requests',
    {
      schema: {
        tags: ['staff'],
        summary: 'Service requests for staff: open ones by default, or one state',
        querystring: staffServiceRequestsQuery,
        response: { 200: envelopeSchema(staffServiceRequestsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      return ok({
        requests: (await app.repos.aftersales.staffList((request.query.state ?? 'open') as RequestState | 'open')).map(
          requestView,
        ),
      });
    },
  );

  app.post(
    '/staff/service-requests/advance',
    {
      schema: {
        tags: ['staff'],
        summary: 'Move a service request to its next state; the shopper gets a message',
        body: serviceRequestAdvanceBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      requireStaff(request);
      const { storefront } = request;
      const tr = translator(storefront);
      const result = await app.repos.aftersales.advance(
        request.body.id,
        request.body.state as RequestState,
        request.body.note?.trim() ?? '',
        (row) => ({
          title: tr('aftersales.message.stateTitle', { no: row.request_no }),
          body: tr('aftersales.message.stateBody', {
            state: tr(`aftersales.state.${row.state.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`),
          }),
        }),
      );
      if (result === 'not_found') throw new ApiError(Errno.NOT_FOUND, t(storefront, 'aftersales.error.notFound'), 404);
      if (result === 'not_allowed')
        throw new ApiError(Errno.SERVICE_REQUEST_STATE, t(storefront, 'aftersales.error.transition'));
      return ok({});
    },
  );
}
