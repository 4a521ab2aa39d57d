import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { message, translate } from '../../i18n';
import { formatDate } from '../../../region-config/format-date';
import { UPLOADS_PER_REQUEST } from '../../uploads/file-type';
import type { Storefront } from '../../storefront';
import { returnRulesFor } from '../../../sites/returns';
import { returnsRepository } from '../../repositories/returns';
import { requestReturn } from '../../returns/request-return';
import { returnableUnits, returnDeadline } from '../../returns/return-window';
import { recordPickup, refuseReturn, schedulePickup, shipBack, type StaffStepResult } from '../../returns/staff-steps';
import { acceptReturn } from '../../returns/accept-return';
import { aftersalesApplyAnswer } from '../../schemas/after-sales';
import {
  returnableAnswer,
  returnableQuery,
  returnRequestBody,
  staffReturnAnswer,
  staffReturnIdBody,
  staffReturnPickupBody,
  staffReturnRefuseBody,
  staffReturnShipBackBody,
} from '../../schemas/returns';
import { at, requestView } from './request-view';
import { filesRefused } from './files-refused';

const day = (storefront: Storefront, d: Date) =>
  formatDate(d, storefront.region, 'dateFormatOnlyDate', storefront.lang);

/**
 * Returns, the after-sales requests of kind 'return': what an order can give back, the request (lines and quantities
 * of a delivered order, a reason, photos), and the staff steps (pick-up, assessment, ship-back of a refused return).
 * The request's page, list and files are the after-sales routes'.
 */
export async function returnRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const returns = returnsRepository(app.db);
  const t = (storefront: Storefront, key: string) => message(storefront, key);

  app.get(
    '/aftersales/returnable',
    {
      schema: {
        tags: ['after-sales'],
        summary:
          "The lines of one of the shopper's orders with the units each can still send back (delivered, not " +
          'returned or asked back, within the return window) and the reasons the country offers',
        querystring: returnableQuery,
        response: { 200: envelopeSchema(returnableAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const found = await returns.returnable(request.query.orderId, { userId: user.id, local: storefront.local });
      if (!found) throw new ApiError(Errno.NOT_FOUND, t(storefront, 'returns.error.order'), 404);
      const rules = returnRulesFor(storefront.local);
      const now = new Date();
      const open = found.order.kind !== 'deposit';
      return ok({
        order_id: found.order.id,
        lines: found.lines.map((l) => ({
          line_no: l.line_no,
          commodity_id: l.commodity_id,
          product_id: l.product_id,
          name: l.name,
          spec: l.spec,
          image: l.image,
          quantity: l.quantity,
          delivered: l.delivered,
          returnable: open ? returnableUnits(l, rules, now) : 0,
          refurbished: l.refurbished,
          deadline: at(returnDeadline(l, rules)),
        })),
        reasons: [...rules.reasons],
        max_files: UPLOADS_PER_REQUEST,
        pickup_within_days: rules.pickUpWithinDays,
      });
    },
  );

  app.post(
    '/aftersales/return',
    {
      schema: {
        tags: ['after-sales'],
        summary:
          'Ask to return units of lines of a delivered order (several lines at once), with a reason and photos ' +
          '(the upload rules); refused past the return window with its deadline, or past the units left',
        body: returnRequestBody,
        response: { 200: envelopeSchema(aftersalesApplyAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const b = request.body;
      const description = (b.description ?? '').trim();
      if (b.uploadIds.length === 0 || b.uploadIds.length > UPLOADS_PER_REQUEST || description.length > 300)
        throw new ApiError(Errno.RETURN_INVALID, t(storefront, 'returns.error.photos'), 200, {
          fields: description.length > 300 ? { description: 'length' } : { uploadIds: 'required' },
        });
      const result = await requestReturn(app.db, {
        userId: user.id,
        local: storefront.local,
        urlLocal: storefront.urlLocal,
        orderId: b.orderId,
        lines: b.lines,
        reason: b.reason,
        description,
        uploadIds: b.uploadIds,
      });
      if (result.ok) {
        const made = await app.repos.aftersales.detail({ id: user.id, staff: false }, result.request.id);
        return ok({ request: requestView(made!.request) });
      }
      switch (result.reason) {
        case 'order':
          throw new ApiError(Errno.NOT_FOUND, t(storefront, 'returns.error.order'), 404);
        case 'not_returnable':
          throw new ApiError(Errno.RETURN_NOT_RETURNABLE, t(storefront, 'returns.error.notDelivered'), 200, {
            lines: result.lines,
          });
        case 'window_over':
          throw new ApiError(
            Errno.RETURN_WINDOW_OVER,
            translate(storefront, 'returns.error.windowOver', { date: day(storefront, result.deadline) }),
            200,
            { deadline: result.deadline.getTime() },
          );
        case 'quantity':
          throw new ApiError(Errno.RETURN_QUANTITY, t(storefront, 'returns.error.quantity'), 200, {
            lines: result.lines,
          });
        case 'reason':
          throw new ApiError(Errno.RETURN_INVALID, t(storefront, 'returns.error.reason'), 200, {
            fields: { reason: 'invalid' },
          });
        default:
          throw filesRefused(storefront, result.reason);
      }
    },
  );

  /** The envelope of a staff step, or its refusal. */
  const stepAnswer = (storefront: Storefront, result: StaffStepResult) => {
    if (result.ok) return ok({ state: result.state, refund_amount: result.refundAmount });
    switch (result.reason) {
      case 'not_found':
        throw new ApiError(Errno.NOT_FOUND, t(storefront, 'aftersales.error.notFound'), 404);
      case 'pickup_date':
        throw new ApiError(Errno.RETURN_PICKUP_DATE, t(storefront, 'returns.error.pickupDate'), 200, result.detail);
      case 'refund':
        throw new ApiError(Errno.RETURN_STATE, t(storefront, 'returns.error.refund'), 200, result.detail);
      default:
        throw new ApiError(Errno.RETURN_STATE, t(storefront, 'returns.error.state'));
    }
  };
  const staffStep = { tags: ['staff'], response: { 200: envelopeSchema(staffReturnAnswer) } } as const;

  app.post(
    '/staff/returns/pickup',
    {
      schema: {
        ...staffStep,
        summary: "Schedule (or move) a return's pick-up: a day from today to the pick-up promise",
        body: staffReturnPickupBody,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return stepAnswer(request.storefront, await schedulePickup(app.db, request.body.id, request.body.date, staff.id));
    },
  );

  app.post(
    '/staff/returns/picked-up',
    { schema: { ...staffStep, summary: 'The courier collected the goods of a return', body: staffReturnIdBody } },
    async (request) => {
      const staff = requireStaff(request);
      return stepAnswer(request.storefront, await recordPickup(app.db, request.body.id, staff.id));
    },
  );

  app.post(
    '/staff/returns/accept',
    {
      schema: {
        ...staffStep,
        summary:
          "Accept a return: the lines' share of what was paid is refunded (shipping too when the whole order " +
          'comes back) and the units go back to stock; once',
        body: staffReturnIdBody,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return stepAnswer(request.storefront, await acceptReturn(app.db, app.repos, request.body.id, staff.id));
    },
  );

  app.post(
    '/staff/returns/refuse',
    {
      schema: {
        ...staffStep,
        summary: "Refuse a return with a reason: the goods ship back within the country's ship-back promise",
        body: staffReturnRefuseBody,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const reason = request.body.reason.trim();
      if (!reason)
        throw new ApiError(Errno.RETURN_SHIP_BACK_INVALID, t(request.storefront, 'returns.error.refusalReason'), 200, {
          fields: { reason: 'required' },
        });
      return stepAnswer(request.storefront, await refuseReturn(app.db, request.body.id, reason, staff.id));
    },
  );

  app.post(
    '/staff/returns/ship-back',
    {
      schema: {
        ...staffStep,
        summary: "A refused return's goods left for the shopper: carrier and tracking number",
        body: staffReturnShipBackBody,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const carrier = request.body.carrier.trim().toLowerCase();
      const tracking = request.body.trackingNumber.trim();
      const fields: Record<string, string> = {};
      if (!/^[a-z0-9-]{2,40}$/.test(carrier)) fields['carrier'] = 'invalid';
      if (!/^[A-Za-z0-9-]{4,40}$/.test(tracking)) fields['trackingNumber'] = 'invalid';
      if (Object.keys(fields).length > 0)
        throw new ApiError(Errno.RETURN_SHIP_BACK_INVALID, t(request.storefront, 'returns.error.shipBack'), 200, {
          fields,
        });
      return stepAnswer(request.storefront, await shipBack(app.db, request.body.id, carrier, tracking, staff.id));
    },
  );
}
