import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { COOKIE } from '../../auth/cookies';
import { baseQuery } from '../../schemas/common';
import { consumerServiceEntries } from '../../views/consumer-service';
import { consumerService, diversion, miscInfo, diversionQuery } from '../../schemas/site';

/** misc/info, support consumer-service and the app diversion banner. */
export async function miscRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/misc/info',
    {
      schema: {
        tags: ['misc'],
        summary: 'Cart count, unread messages, joining tokens and the marketing-automation flag of the header',
        querystring: baseQuery,
        response: { 200: envelopeSchema(miscInfo) },
      },
    },
    async (request) => {
      const user = request.user;
      const owner = user ? { userId: user.id } : { cartId: request.cookies[COOKIE.cart] };
      const [cartCount, unread] = await Promise.all([
        app.repos.cart.count(owner),
        user ? app.repos.users.unreadMessages(user.id) : 0,
      ]);
      return ok({
        has_received_tokens_for_joining: user?.received_join_tokens ?? false,
        cart_count: cartCount,
        unread_message: unread,
        // Marketing automation (MoEngage) runs only on consumer storefronts, where prices and purchase exist.
        moengage_enabled: request.storefront.region.isToC,
        user_id: user?.id ?? 0,
      });
    },
  );

  app.get(
    '/v2/cms/support/consumer-service',
    {
      schema: {
        tags: ['cms'],
        summary: 'Customer-service entries: phone (type 0) and live chat (type 1)',
        querystring: baseQuery,
        response: { 200: envelopeSchema(consumerService) },
      },
    },
    async (request) => ok({ consumer_service: consumerServiceEntries(request.storefront) }),
  );

  app.get(
    '/diversion',
    {
      schema: {
        tags: ['cms'],
        summary: 'App download banner for a channel tag (falls back to the storefront default)',
        querystring: diversionQuery,
        response: { 200: envelopeSchema(diversion) },
      },
    },
    async (request) => {
      const data = await app.repos.cms.diversion(request.storefront.urlLocal, request.query.channel_tag);
      if (!data) throw new ApiError(Errno.NOT_FOUND, 'no app banner for this storefront');
      return ok(data as never);
    },
  );
}
