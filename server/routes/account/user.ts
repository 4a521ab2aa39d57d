import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { baseQuery } from '../../schemas/common';
import { profileData } from '../../schemas/account';

/** Avatar for users without their own icon (the profile's default avatar), served by this API. */
export const DEFAULT_AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="avatar">' +
  '<rect width="64" height="64" rx="32" fill="#e0e0e0"/><circle cx="32" cy="25" r="11" fill="#9e9e9e"/>' +
  '<path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#9e9e9e"/></svg>';

/** Masks an address for display: `a***@example.com`. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/** The app/userprofile call: the signed-in user's profile plus cart count (20001 for visitors). */
export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/images/avatar-default.svg', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(DEFAULT_AVATAR_SVG),
  );
  app.get(
    '/app/userprofile',
    {
      schema: {
        tags: ['account'],
        summary: 'Profile of the signed-in user and their cart count (errno 20001 when signed out)',
        security: [{ serviceToken: [] }],
        querystring: baseQuery,
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
          icon: user.icon ?? `/api/${request.storefront.urlLocal}/images/avatar-default.svg`,
          security: { email: maskEmail(user.email), has_password: true },
        },
        cart: { count },
      });
    },
  );
}
