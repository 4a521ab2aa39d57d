import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { fcodeMineAnswer, fcodeRedeemBody } from '../../schemas/promotions';

const FAILURES = {
  unknown: [Errno.FCODE_UNKNOWN, 'fcode.error.unknown'],
  taken: [Errno.FCODE_TAKEN, 'fcode.error.taken'],
  expired: [Errno.FCODE_EXPIRED, 'fcode.error.expired'],
} as const;

/** F-codes: redeem one (it becomes the shopper's right to buy one unit of its product) and list them (/user/fcode). */
export async function fcodeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  const mine = async (userId: number, local: string) =>
    (await app.repos.fcodes.mine(userId, local)).map((f) => ({
      code: f.code,
      product_id: f.product_id,
      product_name: f.product_name,
      ends_at: new Date(f.ends_at).getTime(),
      state: f.used_at ? ('used' as const) : f.ended ? ('expired' as const) : ('available' as const),
      order_id: f.order_id,
    }));

  app.get(
    '/fcode/mine',
    {
      schema: {
        tags: ['fcode'],
        summary: "The user's F-codes in this country",
        response: { 200: envelopeSchema(fcodeMineAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({ fcodes: await mine(user.id, request.storefront.local) });
    },
  );

  app.post(
    '/fcode/redeem',
    {
      schema: {
        tags: ['fcode'],
        summary:
          'Redeem an F-code: it becomes the right to buy one unit of its product (one shopper per code, ' +
          'whatever the concurrency)',
        body: fcodeRedeemBody,
        response: { 200: envelopeSchema(fcodeMineAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const code = request.body.code.trim();
      if (!/^[A-Za-z0-9]{8,16}$/.test(code))
        throw new ApiError(Errno.FCODE_UNKNOWN, message(request.storefront, FAILURES.unknown[1]), 200, {
          fields: { code: 'format' },
        });
      const result = await app.repos.fcodes.redeem(user.id, request.storefront.local, code);
      if (result !== 'redeemed') {
        const [errno, key] = FAILURES[result];
        throw new ApiError(errno, message(request.storefront, key));
      }
      return ok({ fcodes: await mine(user.id, request.storefront.local) });
    },
  );
}
