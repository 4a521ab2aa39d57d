import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { COOKIE, ensureSignInBrowserCookie } from '../../auth/cookies';
import { checkSignIn } from '../../auth/account-form';
import { safeRedirect } from '../../auth/redirect';
import { hashToken } from '../../auth/tokens';
import { accountThrottleKey, SIGN_IN_THROTTLE } from '../../repositories/auth-throttle';
import { SIGN_IN_LINK_MINUTES } from '../../repositories/account-tokens';
import type { User } from '../../repositories/users';
import { clientKey } from '../../security/client-address';
import { ownOrigin } from '../../security/origin-check';
import { signInAlertMail, signInLinkMail } from '../../mail/account-mails';
import { translate } from '../../i18n';
import { confirmByMailPage, registerPage, signInPage } from '../../views/account-pages';
import { rateLimitPage } from '../../views/rate-limit-page';
import { fieldError, formText, sendPage, wantsJson } from './respond';
import { accountFormBody, sessionData, signInPageQuery } from '../../schemas/account';
import { sessionAnswer, startSession } from './session';
import { friendCodeField } from '../../friends/signup-form';

/**
 * The throttle keys of one sign-in attempt. A browser that signed in to the account before is counted on its own
 * key only, so nobody else's guesses slow it. Any other browser is counted on its address (all accounts), on the
 * account from its address (where the delays fall), and on the account from anywhere (which says "under attack").
 */
async function throttleKeys(app: FastifyInstance, request: FastifyRequest, email: string) {
  const device = request.cookies[COOKIE.device];
  const userId = await app.repos.users.idByEmail(email);
  const trusted = Boolean(device && userId !== null && (await app.repos.users.isTrustedDevice(device, userId)));
  if (trusted) {
    const own = `device:${email}|${hashToken(device!).slice(0, 32)}`;
    return {
      userId,
      trusted,
      own,
      attacks: null,
      address: null,
      keys: [{ key: own, rule: SIGN_IN_THROTTLE.trustedDevice }],
    };
  }
  const client = clientKey(request.ip);
  const own = `${accountThrottleKey(email)}|ip:${client}`;
  const attacks = accountThrottleKey(email);
  const address = `ip:${client}`;
  return {
    userId,
    trusted,
    own,
    attacks,
    address,
    keys: [
      { key: own, rule: SIGN_IN_THROTTLE.account },
      { key: attacks, rule: SIGN_IN_THROTTLE.attacks },
      { key: address, rule: SIGN_IN_THROTTLE.address },
    ],
  };
}

/**
 * The answer to a browser the account does not know while the account is under attack, the same for a right and a
 * wrong password (and for an address without an account): only the owner's mailbox learns, by the link.
 */
function confirmByMail(request: FastifyRequest, reply: FastifyReply, redirectUrl: string, email: string) {
  const { storefront } = request;
  if (wantsJson(request)) {
    throw new ApiError(
      Errno.CONFIRM_BY_MAIL,
      translate(storefront, 'account.checkMail.signIn', { count: SIGN_IN_LINK_MINUTES }),
      200,
      { status: 'confirm_by_mail', email },
    );
  }
  return sendPage(reply, 200, confirmByMailPage({ storefront, redirectUrl }));
}

/**
 * Mails the owner a link that signs in only the browser holding `browser` (its sign-in cookie), unless too many went
 * unfollowed.
 */
async function mailSignInLink(
  app: FastifyInstance,
  request: FastifyRequest,
  user: User,
  redirectUrl: string,
  browser: string,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const token = await app.repos.accountTokens.createSignIn(tx, {
      email: user.email,
      user_id: user.id,
      url_local: request.storefront.urlLocal,
      redirect_url: redirectUrl,
      browser,
    });
    if (token) await app.mail.enqueue(tx, signInLinkMail(app.mail.links(request.storefront), user.email, token));
  });
  app.mail.wake();
}

/** GET /site/login (the sign-in or sign-up page) and POST /site/login (form or JSON). */
export async function signInRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const target = (request: FastifyRequest, value: unknown) =>
    safeRedirect(
      typeof value === 'string' ? value : undefined,
      app.siteOrigins,
      request.storefront.urlLocal,
      ownOrigin(request),
    );

  app.get(
    '/site/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign-in page (HTML); scene=register shows the sign-up form',
        querystring: signInPageQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const redirectUrl = target(request, request.query.redirectUrl);
      if (request.user) return reply.redirect(redirectUrl, 303);
      const html =
        request.query.scene === 'register'
          ? registerPage({
              storefront: request.storefront,
              redirectUrl,
              ...friendCodeField(request.storefront, request.query.friend),
            })
          : signInPage({ storefront: request.storefront, redirectUrl });
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
        description:
          'Throttled with progressive delays (errno 21003, Retry-After) per address and per account from ' +
          'each address; a browser that signed in to the account before keeps its own allowance. While an ' +
          'account is under attack, a browser it does not know gets errno 21005 whether or not the password ' +
          'was right, and a right one mails the owner a link that signs in that browser only.',
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
        sendPage(
          reply,
          status,
          signInPage({ storefront, redirectUrl, email: email.slice(0, 254), message: extra, errors }),
        );

      const errors = checkSignIn({ email, password });
      if (Object.keys(errors).length > 0) {
        if (json) throw fieldError(storefront, errors);
        return again(400, { key: 'account.error.invalidInput' }, errors);
      }

      const emailKey = email.toLowerCase();
      const attempt = await throttleKeys(app, request, emailKey);
      const claim = await app.repos.authThrottle.claim(attempt.keys);
      if (!claim.allowed) {
        reply.header('Retry-After', String(claim.retryAfterSeconds));
        const minutes = Math.max(1, Math.ceil(claim.retryAfterSeconds / 60));
        if (json)
          throw new ApiError(
            Errno.TOO_MANY_ATTEMPTS,
            translate(storefront, 'account.error.tooMany', { count: minutes }),
            429,
          );
        return sendPage(
          reply,
          429,
          rateLimitPage({
            storefront,
            retryAfterSeconds: claim.retryAfterSeconds,
            formHref: `/api/${storefront.urlLocal}/site/login?${new URLSearchParams({ redirectUrl })}`,
            messageKey: 'account.error.tooMany',
            extraLink: {
              href: `/api/${storefront.urlLocal}/site/forgot?${new URLSearchParams({ redirectUrl })}`,
              text: translate(storefront, 'account.forgotLink'),
            },
          }),
        );
      }

      const user = await app.repos.users.verifyCredentials(emailKey, password);
      const attacks = attempt.attacks ? claim.claims.get(attempt.attacks) : undefined;
      const failures = attacks?.failures ?? 0;
      if (
        !user &&
        attacks &&
        attempt.userId !== null &&
        failures > SIGN_IN_THROTTLE.account.free &&
        (await app.repos.authThrottle.shouldAlert(attacks.key))
      ) {
        await app.mail.send(signInAlertMail(app.mail.links(storefront), emailKey, failures));
      }
      // Under attack (past the free guesses before this one), a browser the account does not know never learns
      // from the answer whether the password was right: a right one mails the owner a link for this browser.
      if (attacks && failures - 1 > SIGN_IN_THROTTLE.account.free) {
        const browser = ensureSignInBrowserCookie(request, reply);
        if (user) {
          await app.repos.authThrottle.giveBack(attacks);
          await mailSignInLink(app, request, user, redirectUrl, browser);
        }
        return confirmByMail(request, reply, redirectUrl, emailKey);
      }
      if (!user) {
        if (json) throw new ApiError(Errno.WRONG_CREDENTIALS, 'the email or password is not correct');
        return again(401, { key: 'account.error.wrongCredentials' });
      }
      // The owner is in: a sign-in is no guess, so the address gets its attempt back, and the account's attempts
      // from this browser start again from zero. A trusted browser's success leaves the account's count alone, so a
      // stranger guessing meanwhile gets no fresh allowance.
      const addressClaim = attempt.address ? claim.claims.get(attempt.address) : undefined;
      if (addressClaim) await app.repos.authThrottle.giveBack(addressClaim);
      await app.repos.authThrottle.reset(attempt.attacks ? [attempt.own, attempt.attacks] : [attempt.own]);
      const notices = await startSession(app, request, reply, user);
      if (json) return ok(sessionAnswer(user, redirectUrl, notices));
      return reply.redirect(redirectUrl, 303);
    },
  );
}
