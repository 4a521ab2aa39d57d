import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { COOKIE } from '../../auth/cookies';
import { checkSignIn } from '../../auth/account-form';
import { safeRedirect } from '../../auth/redirect';
import { hashToken } from '../../auth/tokens';
import { SIGN_IN_THROTTLE } from '../../repositories/auth-throttle';
import { clientKey } from '../../security/client-address';
import { ownOrigin } from '../../security/origin-check';
import { signInAlertMail } from '../../mail/account-mails';
import { registerPage, signInPage } from '../../views/account-pages';
import { accountFormBody, fieldError, formText, sendPage, wantsJson } from './respond';
import { sessionAnswer, sessionData, startSession } from './session';

/** The throttle keys of one sign-in attempt: the client's address, and the account (or the account on this trusted browser). */
async function throttleKeys(app: FastifyInstance, request: FastifyRequest, email: string) {
  const device = request.cookies[COOKIE.device];
  const userId = await app.repos.users.idByEmail(email);
  const trusted = Boolean(device && userId !== null && (await app.repos.users.isTrustedDevice(device, userId)));
  const account = trusted
    ? { key: `device:${email}|${hashToken(device!).slice(0, 32)}`, rule: SIGN_IN_THROTTLE.trustedDevice }
    : { key: `account:${email}`, rule: SIGN_IN_THROTTLE.account };
  return { userId, trusted, account, address: { key: `ip:${clientKey(request.ip)}`, rule: SIGN_IN_THROTTLE.address } };
}

/** GET /site/login (the sign-in or sign-up page) and POST /site/login (form or JSON). */
export async function signInRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const target = (request: FastifyRequest, value: unknown) =>
    safeRedirect(typeof value === 'string' ? value : undefined, app.siteOrigins, request.storefront.urlLocal, ownOrigin(request));

  app.get(
    '/site/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign-in page (HTML); scene=register shows the sign-up form',
        querystring: { type: 'object', properties: { redirectUrl: { type: 'string', maxLength: 2048 }, scene: { enum: ['register', 'login'] } } },
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const redirectUrl = target(request, request.query.redirectUrl);
      if (request.user) return reply.redirect(redirectUrl, 303);
      const html = request.query.scene === 'register' ? registerPage({ storefront: request.storefront, redirectUrl }) : signInPage({ storefront: request.storefront, redirectUrl });
      return sendPage(reply, 200, html);
    },
  );

  app.post(
    '/site/login',
    {
      config: { rateLimit: false }, // the sign-in throttle below counts every attempt
      schema: {
        tags: ['account'],
        summary: 'Sign in (form or JSON). Browsers get 303 to redirectUrl; Accept: application/json gets the envelope',
        description: 'Throttled per account and per address with progressive delays (errno 21003, Retry-After); a browser that signed in to the account before keeps its own allowance.',
        body: accountFormBody,
        response: { 200: envelopeSchema(sessionData) },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const redirectUrl = target(request, request.body.redirectUrl);
      const email = formText(request.body, 'email').trim();
      const password = formText(request.body, 'password');
      const json = wantsJson(request);
      const again = (status: number, extra: Parameters<typeof signInPage>[0]['message'] | undefined, errors = {}) =>
        sendPage(reply, status, signInPage({ storefront, redirectUrl, email: email.slice(0, 254), message: extra, errors }));

      const errors = checkSignIn({ email, password });
      if (Object.keys(errors).length > 0) {
        if (json) throw fieldError(storefront, errors);
        return again(400, { key: 'account.error.invalidInput' }, errors);
      }

      const emailKey = email.toLowerCase();
      const keys = await throttleKeys(app, request, emailKey);
      const claim = await app.repos.authThrottle.claim([keys.account, keys.address]);
      if (!claim.allowed) {
        reply.header('Retry-After', String(claim.retryAfterSeconds));
        const minutes = Math.max(1, Math.ceil(claim.retryAfterSeconds / 60));
        if (json) throw new ApiError(Errno.TOO_MANY_ATTEMPTS, `too many sign-in attempts; try again in ${claim.retryAfterSeconds} s`, 429);
        return again(429, { key: 'account.error.tooMany', vars: { minutes } });
      }

      const user = await app.repos.users.verifyCredentials(emailKey, password);
      if (!user) {
        const attempts = claim.attempts.get(keys.account.key) ?? 0;
        if (!keys.trusted && keys.userId !== null && attempts > keys.account.rule.free && (await app.repos.authThrottle.shouldAlert(keys.account.key))) {
          await app.mail.send(signInAlertMail(app.mail.links(storefront), emailKey, attempts));
        }
        if (json) throw new ApiError(Errno.WRONG_CREDENTIALS, 'the email or password is not correct');
        return again(401, { key: 'account.error.wrongCredentials' });
      }
      // The owner is in: their attempts start again from zero (a trusted browser's success leaves the account's
      // count alone, so a stranger guessing meanwhile gets no fresh allowance).
      await app.repos.authThrottle.reset([keys.account.key]);
      const notices = await startSession(app, request, reply, user);
      if (json) return ok(sessionAnswer(user, redirectUrl, notices));
      return reply.redirect(redirectUrl, 303);
    },
  );
}
