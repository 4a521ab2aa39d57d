import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../envelope';
import { requireUser } from '../context';
import { baseQueryProperties } from '../schemas/common';

/** Avatar for users without their own icon (§3 "icon (default avatar)"). */
export const DEFAULT_AVATAR = '/images/avatar-default.svg';

const profileData = {
  type: 'object',
  required: ['profile', 'cart'],
  properties: {
    profile: {
      type: 'object',
      required: ['user_id', 'user_name', 'nickname', 'icon', 'security'],
      properties: {
        user_id: { type: 'integer' },
        user_name: { type: 'string' },
        nickname: { type: 'string' },
        icon: { type: 'string' },
        security: {
          type: 'object',
          required: ['email', 'has_password'],
          properties: { email: { type: 'string', description: 'masked address' }, has_password: { type: 'boolean' } },
        },
      },
    },
    cart: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
  },
} as const;

/** Masks an address for display: `a***@example.com`. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/** §7 app/userprofile: the signed-in user's profile plus cart count (20001 for visitors). */
export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/app/userprofile',
    {
      schema: {
        tags: ['account'],
        summary: 'Profile of the signed-in user and their cart count (errno 20001 when signed out)',
        security: [{ serviceToken: [] }],
        querystring: { type: 'object', properties: baseQueryProperties },
        response: { 200: envelopeSchema(profileData) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const count = await app.repos.cart.count({ userId: user.id });
      return ok({
        profile: {
          user_id: user.id,
          user_name: user.email.split('@')[0] ?? String(user.id),
          nickname: user.nickname,
          icon: user.icon ?? DEFAULT_AVATAR,
          security: { email: maskEmail(user.email), has_password: true },
        },
        cart: { count },
      });
    },
  );
}
