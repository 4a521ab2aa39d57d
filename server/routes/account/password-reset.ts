import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { checkForgot, checkReset } from '../../auth/account-form';
import { hashPassword } from '../../auth/password';
import { safeRedirect } from '../../auth/redirect';
import { ownOrigin } from '../../security/origin-check';
import { RATE_RULES } from '../../security/rate-limit';
import { passwordChangedMail, resetMail } from '../../mail/account-mails';
import { checkMailPage, forgotPage, noticePage, resetPage } from '../../views/account-pages';
import { TOKEN_HOURS } from '../../repositories/account-tokens';
import { accountThrottleKey } from '../../repositories/auth-throttle';
import { translate } from '../../i18n';
import { fieldError, formText, sendPage, TOKEN_PATTERN, wantsJson } from './respond';
import { accountFormBody, checkMailData, sessionData, redirectQuery, tokenQuery } from '../../schemas/account';
import { sessionAnswer, startSession } from './session';

/**
 * Forgotten passwords: /site/forgot mails a one-hour link to the address (the answer is the same whether it has
 * an account), /site/reset sets the new password, ends every other session, tells the owner by mail and signs in.
 */
export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const target = (request: FastifyRequest, value: unknown) =>
    safeRedirect(
      typeof value === 'string' ? value : undefined,
      app.siteOrigins,
      request.storefront.urlLocal,
      ownOrigin(request),
    );
  const linkInvalid = (request: FastifyRequest) =>
    noticePage({
      storefront: request.storefront,
      titleKey: 'account.reset.title',
      message: translate(request.storefront, 'account.error.linkInvalid', { count: TOKEN_HOURS.reset }),
      ok: false,
    });

  app.get(
    '/site/forgot',
    {
      schema: {
        tags: ['account'],
        summary: 'Forgot-password page (HTML)',
        querystring: redirectQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        200,
        forgotPage({ storefront: request.storefront, redirectUrl: target(request, request.query.redirectUrl) }),
      ),
  );

  app.post(
    '/site/forgot',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary: 'Mail a password link to the address if it has an account (the answer never says)',
        body: accountFormBody,
        response: { 200: envelopeSchema(checkMailData) },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const redirectUrl = target(request, request.body.redirectUrl);
      const email = formText(request.body, 'email').trim().toLowerCase();
      const errors = checkForgot({ email });
      if (Object.keys(errors).length > 0) {
        if (wantsJson(request)) throw fieldError(storefront, errors);
        return sendPage(reply, 400, forgotPage({ storefront, redirectUrl, email: email.slice(0, 254), errors }));
      }
      const userId = await app.repos.users.idByEmail(email);
      if (userId !== null) {
        await app.db.transaction(async (tx) => {
          const token = await app.repos.accountTokens.createReset(tx, {
            email,
            user_id: userId,
            url_local: storefront.urlLocal,
            redirect_url: redirectUrl,
          });
          await app.mail.enqueue(tx, resetMail(app.mail.links(storefront), email, token));
        });
        app.mail.wake();
      }
      if (wantsJson(request)) return ok({ status: 'check_mail' as const, email });
      return sendPage(reply, 200, checkMailPage({ storefront, redirectUrl, purpose: 'reset', email }));
    },
  );

  app.get(
    '/site/reset',
    {
      schema: {
        tags: ['account'],
        summary: 'The page of a password link: choose the new password',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const pending = TOKEN_PATTERN.test(token) ? await app.repos.accountTokens.peekReset(token) : null;
      if (!pending) return sendPage(reply, 410, linkInvalid(request));
      return sendPage(reply, 200, resetPage({ storefront: request.storefront, token }));
    },
  );

  app.post(
    '/site/reset',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token of a password link; signs in and ends every other session',
        body: accountFormBody,
        response: { 200: envelopeSchema(sessionData) },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const token = formText(request.body, 'token');
      const password = formText(request.body, 'password');
      if (!TOKEN_PATTERN.test(token) || !(await app.repos.accountTokens.peekReset(token))) {
        if (wantsJson(request))
          throw new ApiError(
            Errno.LINK_INVALID,
            translate(storefront, 'account.error.linkInvalid', { count: TOKEN_HOURS.reset }),
          );
        return sendPage(reply, 410, linkInvalid(request));
      }
      const errors = checkReset({ password });
      if (Object.keys(errors).length > 0) {
        if (wantsJson(request)) throw fieldError(storefront, errors);
        return sendPage(reply, 400, resetPage({ storefront, token, errors }));
      }
      const passwordHash = await hashPassword(password);
      const done = await app.db.transaction(async (tx) => {
        const pending = await app.repos.accountTokens.consumeReset(tx, token);
        if (!pending) return null;
        await app.repos.accountTokens.retireOthers(tx, pending.email, 'reset');
        await app.repos.users.setPassword(tx, pending.user_id, passwordHash);
        const user = await app.repos.users.byId(tx, pending.user_id);
        if (user) await app.mail.enqueue(tx, passwordChangedMail(app.mail.links(storefront), user.email));
        return user ? { user, redirectUrl: pending.redirect_url } : null;
      });
      if (!done) {
        if (wantsJson(request))
          throw new ApiError(
            Errno.LINK_INVALID,
            translate(storefront, 'account.error.linkInvalid', { count: TOKEN_HOURS.reset }),
          );
        return sendPage(reply, 410, linkInvalid(request));
      }
      app.mail.wake();
      // Whoever was guessing the old password gets no allowance from this; the owner starts afresh.
      await app.repos.authThrottle.reset([accountThrottleKey(done.user.email)]);
      const notices = await startSession(app, request, reply, done.user);
      if (wantsJson(request)) return ok(sessionAnswer(done.user, done.redirectUrl, notices));
      return reply.redirect(done.redirectUrl, 303);
    },
  );
}
