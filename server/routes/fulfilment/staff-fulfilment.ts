import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireStaff } from '../../context';
import { message } from '../../i18n';
import {
  staffDeliveredBody,
  staffFulfilmentAnswer,
  staffFulfilmentQuery,
  staffOrderSearchAnswer,
  staffOrderSearchQuery,
  staffProcessingBody,
  staffShipBody,
} from '../../schemas/fulfilment';
import { fulfilmentOrdersRepository } from '../../repositories/fulfilment-orders';
import { deliverShipment, shipOrder, startProcessing, type StepBy, type StepResult } from '../../orders/lifecycle';
import { staffFulfilmentView, staffOrderRowView } from '../../views/fulfilment-view';
import { stepRefusal } from './step-refusal';

const orderAnswer = { 200: envelopeSchema(staffFulfilmentAnswer) } as const;

/** The options of a route of this file: all are staff routes (the staff gate keys on the tag). */
const staffRoute = <Schema extends object>(summary: string, schema: Schema) => ({
  schema: { tags: ['staff'], summary, ...schema },
});

/**
 * The staff console's Orders tab: find the storefront country's orders by number or buyer email and state, open one,
 * start processing it, ship lines with a carrier and tracking number, mark a parcel delivered. Each step is taken
 * by orders/lifecycle.ts in its own transaction, recorded with the staff member as actor; the answer is the order as
 * it is after the step.
 */
export async function staffFulfilmentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const reads = fulfilmentOrdersRepository(app.db);
  const repos = { orders: app.repos.orders, shipments: app.repos.shipments };

  /** The staff member and their storefront's country: steps find only that country's orders. */
  const by = (request: FastifyRequest): StepBy => ({
    actor: `staff:${requireStaff(request).id}`,
    local: request.storefront.local,
  });

  async function opened(request: FastifyRequest, orderId: string) {
    const order = await reads.staffOrder(orderId, request.storefront.local);
    if (!order) throw stepRefusal('not_found', (key) => message(request.storefront, key));
    const [lines, shipments, events] = await Promise.all([
      reads.lines([order.id]),
      app.repos.shipments.ofOrder(order.id),
      app.repos.orderEvents.forOrder(order.id),
    ]);
    return staffFulfilmentView(order, lines.get(order.id) ?? [], shipments, events);
  }

  /** The order after a step, or the step's refusal in the console's language. */
  async function after(request: FastifyRequest, orderId: string, result: StepResult<unknown>) {
    if (!result.ok) throw stepRefusal(result.refusal, (key) => message(request.storefront, key));
    if (!result.replayed) app.mail.wake();
    request.log.info({ staffUserId: request.user?.id, orderId }, 'staff fulfilment step');
    return ok(await opened(request, orderId));
  }

  app.get(
    '/staff/fulfilment/orders',
    staffRoute(
      "Orders of the storefront's country for staff, newest first (at most 50): by number or the buyer's email " +
        '(or its beginning), optionally in one state',
      { querystring: staffOrderSearchQuery, response: { 200: envelopeSchema(staffOrderSearchAnswer) } },
    ),
    async (request) => {
      requireStaff(request);
      const rows = await reads.search(request.storefront.local, (request.query.q ?? '').trim(), request.query.state);
      return ok({ orders: rows.map(staffOrderRowView) });
    },
  );

  app.get(
    '/staff/fulfilment/order',
    staffRoute('One order for fulfilment: lines with units shipped, parcels, carriers of its country, its steps', {
      querystring: staffFulfilmentQuery,
      response: orderAnswer,
    }),
    async (request) => {
      requireStaff(request);
      return ok(await opened(request, request.query.orderId.trim()));
    },
  );

  app.post(
    '/staff/fulfilment/processing',
    staffRoute('Start preparing a paid order (the shopper is told)', {
      body: staffProcessingBody,
      response: orderAnswer,
    }),
    async (request) => {
      const orderId = request.body.orderId.trim();
      return after(request, orderId, await startProcessing(app.db, repos, orderId, by(request)));
    },
  );

  app.post(
    '/staff/fulfilment/ship',
    staffRoute(
      'Ship units of lines as one parcel with a carrier of the country and a tracking number; the same reference ' +
        'again with the same content changes nothing, with other content it is refused (errno 45007)',
      { body: staffShipBody, response: orderAnswer },
    ),
    async (request) => {
      const b = request.body;
      const orderId = b.orderId.trim();
      const result = await shipOrder(
        app.db,
        repos,
        { orderId, reference: b.reference, carrier: b.carrier, trackingNumber: b.trackingNumber, lines: b.lines },
        by(request),
      );
      return after(request, orderId, result);
    },
  );

  app.post(
    '/staff/fulfilment/delivered',
    staffRoute('Mark a parcel delivered; the order is delivered when every unit shipped and every parcel arrived', {
      body: staffDeliveredBody,
      response: orderAnswer,
    }),
    async (request) => {
      const orderId = request.body.orderId.trim();
      const key = { shipmentId: request.body.shipmentId.trim() };
      return after(request, orderId, await deliverShipment(app.db, repos, orderId, key, by(request)));
    },
  );
}
