import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { checkRegister } from '../../auth/account-form';
import { hashPassword, typicalHashMs } from '../../auth/password';
import { safeRedirect } from '../../auth/redirect';
import { WELCOME_POINTS } from '../../repositories/points';
import { ownOrigin } from '../../security/origin-check';
import { RATE_RULES } from '../../security/rate-limit';
import { registerExistsMail, registerVerifyMail } from '../../mail/account-mails';
import { checkMailPage, noticePage, registerPage, verifyPage } from '../../views/account-pages';
import { TOKEN_HOURS } from '../../repositories/account-tokens';
import { translate } from '../../i18n';
import { fieldError, formText, sendPage, TOKEN_PATTERN, wantsJson } from './respond';
import { accountFormBody, checkMailData, sessionData, tokenQuery } from '../../schemas/account';
import { sessionAnswer, startSession } from './session';
import { deviceCookie, ensureDeviceCookie } from '../../auth/cookies';
import { hashToken } from '../../auth/tokens';
import { checkTypedFriendCode, friendCodeField } from '../../friends/signup-form';

/** The answer of a JSON sign-up whose friend code is refused (the form shows the field's message instead). */
const FRIEND_CODE_ERRNO = {
  'friend.error.codeUnknown': Errno.FRIEND_CODE_UNKNOWN,
  'friend.error.notOffered': Errno.FRIEND_CODE_NOT_OFFERED,
} as const;

/**
 * Sign-up by mail: POST /site/register answers "check your email" whether or not the address has an account, and
 * the mail says which (a link that finishes the sign-up, or a note that an account exists). The account is
 * created only when the link is confirmed, so nobody can hold an address they cannot read.
 */
export async function registerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const target = (request: FastifyRequest, value: unknown) =>
    safeRedirect(
      typeof value === 'string' ? value : undefined,
      app.siteOrigins,
      request.storefront.urlLocal,
      ownOrigin(request),
    );

  app.post(
    '/site/register',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary: 'Start a sign-up: mails a link that finishes it (the answer is the same for known addresses)',
        body: accountFormBody,
        response: { 200: envelopeSchema(checkMailData) },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const redirectUrl = target(request, request.body.redirectUrl);
      const form = {
        email: formText(request.body, 'email').trim(),
        password: formText(request.body, 'password'),
        nickname: formText(request.body, 'nickname'),
      };
      const typedCode = formText(request.body, 'friendCode');
      const errors = checkRegister(form);
      // The friend code is checked with the rest of the form, before any mail: it is the same for every address.
      const friend = await checkTypedFriendCode(app.db, app.friends.repo, storefront, typedCode);
      if ('error' in friend && wantsJson(request) && Object.keys(errors).length === 0)
        throw new ApiError(FRIEND_CODE_ERRNO[friend.error], translate(storefront, friend.error), 200, {
          field: 'friendCode',
        });
      if ('error' in friend) errors.friendCode = friend.error;
      if (Object.keys(errors).length > 0) {
        if (wantsJson(request)) throw fieldError(storefront, errors);
        return sendPage(
          reply,
          400,
          registerPage({
            storefront,
            redirectUrl,
            email: form.email.slice(0, 254),
            nickname: form.nickname.slice(0, 50),
            message: { key: 'account.error.invalidInput' },
            errors,
            ...friendCodeField(storefront, typedCode),
          }),
        );
      }
      const friendCode = 'code' in friend ? friend.code : null;
      const email = form.email.toLowerCase();
      const links = app.mail.links(storefront);
      // The duplicate check comes before the costly hash; the known-address path then waits about as long as a
      // hash takes, so neither the answer nor its timing says whether the address has an account.
      if ((await app.repos.users.idByEmail(email)) !== null) {
        await app.mail.send(registerExistsMail(links, email));
        await sleep(await typicalHashMs());
      } else {
        const passwordHash = await hashPassword(form.password);
        const device = deviceCookie(request);
        const browserDevice = device ? hashToken(device) : null;
        const nickname = form.nickname.trim() || email.split('@')[0]!.slice(0, 50);
        await app.db.transaction(async (tx) => {
          const token = await app.repos.accountTokens.createRegistration(tx, {
            email,
            password_hash: passwordHash,
            nickname,
            url_local: storefront.urlLocal,
            redirect_url: redirectUrl,
          });
          if (friendCode) await app.friends.repo.rememberSignupIn(tx, hashToken(token), friendCode, browserDevice);
          await app.mail.enqueue(tx, registerVerifyMail(links, email, token));
        });
        app.mail.wake();
      }
      if (wantsJson(request)) return ok({ status: 'check_mail' as const, email });
      return sendPage(reply, 200, checkMailPage({ storefront, redirectUrl, purpose: 'register', email }));
    },
  );

  app.get(
    '/site/verify',
    {
      schema: {
        tags: ['account'],
        summary: 'The page of a sign-up link: confirms with a button (a link visit alone creates nothing)',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const pending = TOKEN_PATTERN.test(token) ? await app.repos.accountTokens.peekRegistration(token) : null;
      if (!pending) return sendPage(reply, 410, linkInvalid(request));
      return sendPage(reply, 200, verifyPage({ storefront: request.storefront, token, email: pending.email }));
    },
  );

  app.post(
    '/site/verify',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary: 'Finish a sign-up with the token of its link: creates the account and signs in',
        body: accountFormBody,
        response: { 200: envelopeSchema(sessionData) },
      },
    },
    async (request, reply) => {
      const token = formText(request.body, 'token');
      // The browser that finishes the sign-up: its device token is one the friend-code limits compare.
      const device = hashToken(ensureDeviceCookie(request, reply));
      const created = TOKEN_PATTERN.test(token)
        ? await app.db.transaction(async (tx) => {
            const pending = await app.repos.accountTokens.consumeRegistration(tx, token);
            if (!pending) return null;
            await app.repos.accountTokens.retireOthers(tx, pending.email, 'register');
            const welcome = {
              title: translate(request.storefront, 'message.welcome.title'),
              body: translate(request.storefront, 'message.welcome.body', { count: WELCOME_POINTS }),
            };
            const user = await app.repos.users.create(tx, {
              email: pending.email,
              passwordHash: pending.password_hash,
              nickname: pending.nickname,
              welcome,
            });
            // The joining gift the welcome message announces (hasReceivedTokensForJoining of misc/info), in the
            // sign-up country.
            if (user) await app.repos.points.grantIn(tx, user.id, request.storefront.local, WELCOME_POINTS);
            // A friend's code typed at sign-up is attached now, with the account, or never.
            const signup = user ? await app.friends.repo.takeSignupIn(tx, hashToken(token)) : null;
            if (user && signup)
              await app.friends.attachIn(tx, {
                referee: user,
                code: signup.code,
                devices: [device, ...(signup.device_hash ? [signup.device_hash] : [])],
                storefront: request.storefront,
              });
            return user ? { user, redirectUrl: pending.redirect_url } : null;
          })
        : null;
      if (!created) {
        if (wantsJson(request))
          throw new ApiError(
            Errno.LINK_INVALID,
            translate(request.storefront, 'account.error.linkInvalid', { count: TOKEN_HOURS.register }),
          );
        return sendPage(reply, 410, linkInvalid(request));
      }
      const notices = await startSession(app, request, reply, created.user);
      if (wantsJson(request)) return ok(sessionAnswer(created.user, created.redirectUrl, notices));
      return reply.redirect(created.redirectUrl, 303);
    },
  );
}

function linkInvalid(request: FastifyRequest): string {
  return noticePage({
    storefront: request.storefront,
    titleKey: 'account.register.title',
    message: translate(request.storefront, 'account.error.linkInvalid', { count: TOKEN_HOURS.register }),
    ok: false,
  });
}
