import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { COOKIE, clearSessionCookies } from '../../auth/cookies';
import { safeRedirect } from '../../auth/redirect';
import { ownOrigin } from '../../security/origin-check';
import { signOutPage } from '../../views/account-pages';
import { sendPage, wantsJson } from './respond';
import { signedOut, redirectQuery, signOutBody } from '../../schemas/account';

/**
 * Sign-out removes the session and the user-id cookies. Only POST signs out; GET shows a page that asks,
 * so a link or image on another site cannot sign a shopper out.
 */
export async function signOutRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const target = (request: FastifyRequest, value: string | undefined) =>
    safeRedirect(value, app.siteOrigins, request.storefront.urlLocal, ownOrigin(request));

  app.get(
    '/site/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign-out confirmation page (HTML); a visitor is sent straight to redirectUrl',
        querystring: redirectQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const to = target(request, request.query.redirectUrl);
      if (!request.user) return reply.redirect(to, 303);
      return sendPage(reply, 200, signOutPage({ storefront: request.storefront, redirectUrl: to }));
    },
  );

  app.post(
    '/site/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out: removes the session and the user id cookies',
        body: signOutBody,
        response: { 200: envelopeSchema(signedOut) },
      },
    },
    async (request, reply) => {
      const token = request.cookies[COOKIE.session];
      if (token) await app.repos.users.deleteSession(token);
      clearSessionCookies(reply);
      const to = target(request, request.body.redirectUrl);
      if (wantsJson(request)) return ok({ user_id: 0 as const, redirect_url: to });
      return reply.redirect(to, 303);
    },
  );
}
