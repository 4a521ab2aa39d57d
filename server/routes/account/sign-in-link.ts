import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { clearSignInBrowserCookie, signInBrowserCookie } from '../../auth/cookies';
import { SIGN_IN_LINK_MINUTES } from '../../repositories/account-tokens';
import { RATE_RULES } from '../../security/rate-limit';
import { translate } from '../../i18n';
import { noticePage, signInLinkPage } from '../../views/account-pages';
import { formText, sendPage, TOKEN_PATTERN, wantsJson } from './respond';
import { accountFormBody, sessionData, tokenQuery } from '../../schemas/account';
import { sessionAnswer, startSession } from './session';

/**
 * The sign-in link of an attacked account (mailed by POST /site/login): GET shows a button, POST signs in. Both need
 * the browser that entered the password (its sign-in cookie); the link alone, in any other browser, does nothing.
 * Signing in this way makes the browser trusted, so it is not asked again.
 */
export async function signInLinkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const invalidText = (request: FastifyRequest) =>
    translate(request.storefront, 'account.signInLink.invalid', { count: SIGN_IN_LINK_MINUTES });
  const invalidPage = (request: FastifyRequest) =>
    noticePage({
      storefront: request.storefront,
      titleKey: 'account.signInLink.title',
      message: invalidText(request),
      ok: false,
    });

  app.get(
    '/site/login/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'The page of a sign-in link: confirms with a button, in the browser the link was mailed for',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const browser = signInBrowserCookie(request);
      const pending =
        browser && TOKEN_PATTERN.test(token) ? await app.repos.accountTokens.peekSignIn(token, browser) : null;
      if (!pending) return sendPage(reply, 410, invalidPage(request));
      return sendPage(reply, 200, signInLinkPage({ storefront: request.storefront, token, email: pending.email }));
    },
  );

  app.post(
    '/site/login/confirm',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary:
          'Sign in with the token of a sign-in link, in the browser it was mailed for; that browser becomes trusted',
        body: accountFormBody,
        response: { 200: envelopeSchema(sessionData) },
      },
    },
    async (request, reply) => {
      const token = formText(request.body, 'token');
      const browser = signInBrowserCookie(request);
      const pending =
        browser && TOKEN_PATTERN.test(token)
          ? await app.db.transaction((tx) => app.repos.accountTokens.consumeSignIn(tx, token, browser))
          : null;
      const user = pending ? await app.repos.users.byId(app.db, pending.user_id) : null;
      if (!pending || !user) {
        if (wantsJson(request)) throw new ApiError(Errno.LINK_INVALID, invalidText(request));
        return sendPage(reply, 410, invalidPage(request));
      }
      clearSignInBrowserCookie(reply);
      const notices = await startSession(app, request, reply, user);
      if (wantsJson(request)) return ok(sessionAnswer(user, pending.redirect_url, notices));
      return reply.redirect(pending.redirect_url, 303);
    },
  );
}
