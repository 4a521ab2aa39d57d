import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { COOKIE } from '../../auth/cookies';
import { baseQueryProperties } from '../../schemas/common';
import { consumerServiceEntries } from '../../views/consumer-service';

const miscInfo = {
  type: 'object',
  required: ['has_received_tokens_for_joining', 'cart_count', 'unread_message', 'moengage_enabled', 'user_id'],
  properties: {
    has_received_tokens_for_joining: { type: 'boolean' },
    cart_count: { type: 'integer' },
    unread_message: { type: 'integer' },
    moengage_enabled: { type: 'boolean' },
    user_id: { type: 'integer', description: '0 = visitor' },
  },
} as const;

const consumerService = {
  type: 'object',
  required: ['consumer_service'],
  properties: {
    consumer_service: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'title', 'desc'],
        properties: {
          type: { enum: [0, 1], description: '0 phone (title is the number), 1 live chat' },
          title: { type: 'string' },
          desc: { type: 'string' },
          email: { type: 'string' },
          hours: { type: 'string' },
          url: { type: 'string' },
        },
      },
    },
  },
} as const;

const diversion = {
  type: 'object',
  required: ['title', 'redirect_url_type', 'content', 'redirect_url', 'button_text', 'app_install_status', 'publish_status', 'diversion_switch_status'],
  properties: {
    title: { type: 'string' },
    redirect_url_type: { type: 'integer' },
    content: { type: 'string' },
    redirect_url: { type: 'string' },
    button_text: { type: 'string' },
    app_install_status: { type: 'integer' },
    publish_status: { type: 'integer' },
    diversion_switch_status: { type: 'integer' },
    channel_tag: { type: 'string' },
  },
} as const;

/** misc/info, support consumer-service and the app diversion banner. */
export async function miscRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/misc/info',
    {
      schema: {
        tags: ['misc'],
        summary: 'Cart count, unread messages, joining tokens and the marketing-automation flag of the header',
        querystring: { type: 'object', properties: baseQueryProperties },
        response: { 200: envelopeSchema(miscInfo) },
      },
    },
    async (request) => {
      const user = request.user;
      const owner = user ? { userId: user.id } : { cartId: request.cookies[COOKIE.cart] };
      const [cartCount, unread] = await Promise.all([app.repos.cart.count(owner), user ? app.repos.users.unreadMessages(user.id) : 0]);
      return ok({
        has_received_tokens_for_joining: user?.received_join_tokens ?? false,
        cart_count: cartCount,
        unread_message: unread,
        // Marketing automation (MoEngage) runs only on consumer storefronts, where prices and purchase exist (§6).
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
        querystring: { type: 'object', properties: baseQueryProperties },
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
        querystring: {
          type: 'object',
          properties: { ...baseQueryProperties, channel_tag: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' } },
        },
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
