import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import {
  fulfilmentListAnswer,
  fulfilmentListQuery,
  fulfilmentOrderParams,
  fulfilmentShipBody,
  fulfilmentShipmentParams,
  fulfilmentStepAnswer,
} from '../../schemas/fulfilment';
import { fulfilmentOrdersRepository } from '../../repositories/fulfilment-orders';
import { deliverShipment, shipOrder, startProcessing, type StepBy } from '../../orders/lifecycle';
import { fulfilmentShipmentView, pickOrderView } from '../../views/fulfilment-view';
import { stepRefusal } from './step-refusal';
import { codRefusedRoutes } from './cod-refused';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Bearer token check in constant time (hashes first, so the length does not leak either). */
function authorised(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (!token || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

const WAREHOUSE: StepBy = { actor: 'warehouse' };
const stepAnswer = { 200: envelopeSchema(fulfilmentStepAnswer) } as const;
/**
 * The warehouse's calls carry their own gate (the token, checked before anything is read) and come from one address
 * in bursts (a sync after an outage reports hundreds of parcels), so the per-address write allowance of shoppers
 * does not apply to them; a caller without the token gets the 404 at no cost to the database.
 */
const route = <Schema extends object>(summary: string, schema: Schema) => ({
  schema: { tags: ['fulfilment'], summary, ...schema },
  config: { rateLimit: false as const },
});

/**
 * The warehouse's (or ERP's) API under /api/fulfilment, with FULFILMENT_TOKEN as bearer token: the orders to pick,
 * and the steps it reports (processing, a shipment, a delivery), each taken by orders/lifecycle.ts with the
 * warehouse as actor. Every call is safe to retry: a repeated step answers `replayed: true` and changes nothing.
 * Without the token configured the API does not exist (404), and a wrong token gets the same 404.
 */
export async function fulfilmentRoutes(fastify: FastifyInstance, opts: { token: string | undefined }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const reads = fulfilmentOrdersRepository(app.db);
  const repos = { orders: app.repos.orders, shipments: app.repos.shipments };
  app.addHook('onRequest', async (request) => {
    if (!authorised(request, opts.token))
      throw new ApiError(Errno.NOT_FOUND, `no such API route: ${request.method} ${request.url.split('?')[0]}`, 404);
  });

  app.get(
    '/fulfilment/orders',
    route(
      'Orders to pick (paid, processing or partly shipped) in the order they were paid, with their address and ' +
        'lines; pass next_cursor back to read on',
      { querystring: fulfilmentListQuery, response: { 200: envelopeSchema(fulfilmentListAnswer) } },
    ),
    async (request) => {
      const limit = request.query.limit ?? 50;
      const orders = await reads.toPick(request.query.cursor, limit);
      const lines = await reads.lines(orders.map((o) => o.id));
      return ok({
        orders: orders.map((o) => pickOrderView(o, lines.get(o.id) ?? [])),
        next_cursor: orders.at(-1)?.cursor ?? request.query.cursor ?? null,
      });
    },
  );

  app.post(
    '/fulfilment/orders/:orderId/processing',
    route('The warehouse started preparing a paid order', { params: fulfilmentOrderParams, response: stepAnswer }),
    async (request) => {
      const result = await startProcessing(app.db, repos, request.params.orderId, WAREHOUSE);
      if (!result.ok) throw stepRefusal(result.refusal);
      if (!result.replayed) app.mail.wake();
      return ok({ order_id: result.value.id, state: result.value.state, replayed: result.replayed });
    },
  );

  /** The order's state and the shipment, as a step's answer. */
  async function shipmentAnswer(
    orderId: string,
    shipment: Parameters<typeof fulfilmentShipmentView>[0],
    replayed: boolean,
  ) {
    const lines = (await reads.lines([orderId])).get(orderId) ?? [];
    const state = (await app.repos.orders.head(orderId))!.state;
    if (!replayed) app.mail.wake();
    return ok({ order_id: orderId, state, replayed, shipment: fulfilmentShipmentView(shipment, lines) });
  }

  app.post(
    '/fulfilment/orders/:orderId/shipments',
    route(
      "A parcel left with some of the order's units. reference is the warehouse's id of it: the same call again " +
        'answers the same shipment (replayed) and changes nothing; the same reference with other content is ' +
        'refused (errno 45007)',
      { params: fulfilmentOrderParams, body: fulfilmentShipBody, response: stepAnswer },
    ),
    async (request) => {
      const { orderId } = request.params;
      const b = request.body;
      const result = await shipOrder(
        app.db,
        repos,
        {
          orderId,
          reference: b.reference,
          carrier: b.carrier,
          trackingNumber: b.tracking_number,
          lines: b.lines.map((l) => ({ lineNo: l.line_no, quantity: l.quantity, units: l.units })),
        },
        WAREHOUSE,
      );
      if (!result.ok) throw stepRefusal(result.refusal);
      return shipmentAnswer(orderId, result.value, result.replayed);
    },
  );

  app.post(
    '/fulfilment/orders/:orderId/shipments/:reference/delivered',
    route('The parcel with this reference was delivered; a second report changes nothing', {
      params: fulfilmentShipmentParams,
      response: stepAnswer,
    }),
    async (request) => {
      const { orderId, reference } = request.params;
      const result = await deliverShipment(app.db, repos, orderId, { reference }, WAREHOUSE);
      if (!result.ok) throw stepRefusal(result.refusal);
      return shipmentAnswer(orderId, result.value, result.replayed);
    },
  );

  // A cash-on-delivery parcel refused at the door; behind the same token (a child of this scope has its hook).
  await app.register(codRefusedRoutes);
}
