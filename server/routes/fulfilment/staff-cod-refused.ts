import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireStaff } from '../../context';
import { closeCod } from '../../orders/cod';
import { codAnswer, codOrderBody } from '../../schemas/cod';
import { codError, codView } from '../payments/cod-answers';

/**
 * Staff report a cash-on-delivery parcel refused at the door (the courier phoned it in): the same step as the
 * warehouse's cod-refused, for an order of the staff member's storefront country, recorded with them as actor.
 */
export async function staffCodRefusedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/staff/fulfilment/cod-refused',
    {
      schema: {
        tags: ['staff'],
        summary:
          'A cash-on-delivery parcel came back refused: the order is cancelled and its stock released, nothing ' +
          'to refund (errno 46253 when it is closed already, 46252 when it is not a COD order)',
        body: codOrderBody,
        response: { 200: envelopeSchema(codAnswer) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const result = await closeCod(app.db, app.repos, {
        orderId: request.body.orderId,
        as: 'refused',
        actor: `staff:${staff.id}`,
        local: request.storefront.local,
      });
      if (!result.ok) throw codError(request.storefront, result.refusal);
      request.log.info({ staffUserId: staff.id, orderId: request.body.orderId }, 'staff: COD parcel refused');
      app.mail.wake();
      return ok(await codView(app, result.cod, false));
    },
  );
}
