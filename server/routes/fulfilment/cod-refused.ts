import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { closeCod } from '../../orders/cod';
import { codAnswer, codOrderParams } from '../../schemas/cod';
import { codView } from '../payments/cod-answers';

/** The warehouse API's English for each refusal (its callers are programs, like the other fulfilment steps). */
const REFUSED = {
  not_found: [Errno.NOT_FOUND, 'no such order', 404],
  not_cod: [Errno.COD_NOT_COD, 'the order was not confirmed by cash on delivery', 200],
  closed: [Errno.COD_CLOSED, 'the cash-on-delivery order is closed: collected, refused or cancelled', 200],
} as const;

/**
 * The courier brought a cash-on-delivery parcel back, refused at the door: the order is cancelled, its units go back
 * on sale and what it used comes back; nothing was paid, so nothing is refunded. Registered inside the fulfilment
 * API (fulfilment-api.ts), behind its token. A second report answers errno 46253 and changes nothing.
 */
export async function codRefusedRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/fulfilment/orders/:orderId/cod-refused',
    {
      config: { rateLimit: false as const },
      schema: {
        tags: ['fulfilment'],
        summary:
          'A cash-on-delivery parcel came back refused: the order is cancelled and its stock released, nothing ' +
          'to refund',
        params: codOrderParams,
        response: { 200: envelopeSchema(codAnswer) },
      },
    },
    async (request) => {
      const result = await closeCod(app.db, app.repos, {
        orderId: request.params.orderId,
        as: 'refused',
        actor: 'warehouse',
      });
      if (!result.ok) {
        const [errno, english, status] = REFUSED[result.refusal as keyof typeof REFUSED] ?? REFUSED.closed;
        throw new ApiError(errno, english, status);
      }
      app.mail.wake();
      return ok(await codView(app, result.cod, false));
    },
  );
}
