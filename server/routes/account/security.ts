import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { translate } from '../../i18n';
import { checkForgot, checkReset } from '../../auth/account-form';
import { hashPassword, verifyPassword } from '../../auth/password';
import { RATE_RULES } from '../../security/rate-limit';
import { passwordChangedMail } from '../../mail/account-mails';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../../mail/security-mails';
import { noticePage } from '../../views/account-pages';
import { emailChangePage } from '../../views/email-change-page';
import { profileRepository } from '../../repositories/profile';
import { accountSessionsRepository } from '../../repositories/account-sessions';
import { EMAIL_CHANGE_HOURS, emailChangesRepository } from '../../repositories/email-changes';
import { tokenQuery } from '../../schemas/account';
import {
  confirmTokenBody,
  emailChangeAnswer,
  emailChangeBody,
  passwordChangeBody,
  sessionListAnswer,
  sessionSignOutBody,
  signedOutAnswer,
} from '../../schemas/profile';
import { sessionToken } from '../gates/role-gate';
import { fieldError, sendPage, TOKEN_PATTERN, wantsJson } from './respond';
import { maskEmail } from './user';
import { startSession } from './session';
import type { Storefront } from '../../storefront';

/**
 * Security of the account under /user/profile: change of password (the current one required, every other browser
 * signed out, a mail to the owner), change of sign-in address (a link to the new address, a notice to the old one;
 * the address changes only when the link is opened), and the signed-in browsers with sign-out of one or all others.
 */
export async function securityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const profiles = profileRepository(app.db);
  const sessions = accountSessionsRepository(app.db);
  const emailChanges = emailChangesRepository(app.db);

  const wrongPassword = (storefront: Storefront) =>
    new ApiError(Errno.CURRENT_PASSWORD_WRONG, translate(storefront, 'account.security.passwordWrong'));
  /** The stored hash when `password` is the account's current password, else the refusal. */
  const checkCurrent = async (request: FastifyRequest, userId: number, password: string): Promise<string> => {
    const stored = await profiles.passwordHash(userId);
    if (!stored || !password || !(await verifyPassword(password, stored))) throw wrongPassword(request.storefront);
    return stored;
  };
  const currentToken = (request: FastifyRequest): string => {
    const token = sessionToken(request);
    if (!token) throw new ApiError(Errno.NOT_LOGGED_IN, 'please sign in first');
    return token;
  };

  app.post(
    '/user/password',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary:
          'Change the password (the current one required): every other browser is signed out, this one gets a ' +
          'new session, and the owner a mail',
        body: passwordChangeBody,
        response: { 200: envelopeSchema(signedOutAnswer) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { storefront } = request;
      const errors = checkReset({ password: request.body.new_password });
      if (Object.keys(errors).length > 0) throw fieldError(storefront, errors);
      const stored = await checkCurrent(request, user.id, request.body.current_password);
      const next = await hashPassword(request.body.new_password);
      const ended = await app.db.transaction(async (tx) => {
        const count = await profiles.replacePassword(tx, user.id, stored, next);
        if (count !== null) await app.mail.enqueue(tx, passwordChangedMail(app.mail.links(storefront), user.email));
        return count;
      });
      // A parallel change won: the password given is no longer the current one.
      if (ended === null) throw wrongPassword(storefront);
      app.mail.wake();
      await startSession(app, request, reply, user);
      return ok({ signed_out: Math.max(0, ended - 1) });
    },
  );

  app.post(
    '/user/email',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary:
          'Ask to change the sign-in address (the password required): a link goes to the new address, a notice to ' +
          'the current one; an address of another account is refused (errno 47004) without saying whose',
        body: emailChangeBody,
        response: { 200: envelopeSchema(emailChangeAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const email = request.body.email.trim().toLowerCase();
      const errors = checkForgot({ email });
      if (Object.keys(errors).length > 0) throw fieldError(storefront, errors);
      if (email === user.email)
        throw new ApiError(Errno.PROFILE_INVALID, translate(storefront, 'account.security.emailSame'), 200, {
          fields: { email: 'account.security.emailSame' },
        });
      await checkCurrent(request, user.id, request.body.password);
      if ((await app.repos.users.idByEmail(email)) !== null)
        throw new ApiError(Errno.NEW_EMAIL_TAKEN, translate(storefront, 'account.security.emailTaken'));
      const token = await emailChanges.create(user.id, email, storefront.urlLocal);
      const links = app.mail.links(storefront);
      await app.mail.send(emailChangeConfirmMail(links, email, token));
      await app.mail.send(emailChangeNoticeMail(links, user.email, maskEmail(email)));
      return ok({ status: 'check_mail' as const, email });
    },
  );

  const linkInvalid = (storefront: Storefront) =>
    translate(storefront, 'account.error.linkInvalid', { count: EMAIL_CHANGE_HOURS });

  app.get(
    '/site/email/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'The page of an address-change link: a button confirms the new address',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const token = request.query.token ?? '';
      const pending = TOKEN_PATTERN.test(token) ? await emailChanges.peek(token) : null;
      if (!pending)
        return sendPage(
          reply,
          410,
          noticePage({
            storefront,
            titleKey: 'account.security.emailConfirm.title',
            message: linkInvalid(storefront),
            ok: false,
          }),
        );
      return sendPage(reply, 200, emailChangePage({ storefront, token, email: pending.new_email }));
    },
  );

  app.post(
    '/site/email/confirm',
    {
      config: { rateLimit: RATE_RULES.account },
      schema: {
        tags: ['account'],
        summary: 'Confirm a new sign-in address with the token of its link (once, before it expires)',
        body: confirmTokenBody,
        response: { 200: envelopeSchema(emailChangeAnswer) },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const token = request.body.token ?? '';
      const result = TOKEN_PATTERN.test(token) ? await emailChanges.confirm(token) : { status: 'invalid' as const };
      // A reset link mailed to the old address would let that mailbox take the account back: it stops working.
      if (result.status === 'changed') await app.repos.accountTokens.retireOthers(app.db, result.oldEmail, 'reset');
      if (wantsJson(request)) {
        if (result.status === 'invalid') throw new ApiError(Errno.EMAIL_LINK_INVALID, linkInvalid(storefront));
        if (result.status === 'taken')
          throw new ApiError(Errno.NEW_EMAIL_TAKEN, translate(storefront, 'account.security.emailTaken'));
        return ok({ status: 'check_mail' as const, email: result.newEmail });
      }
      const message =
        result.status === 'changed'
          ? translate(storefront, 'account.security.emailChanged', { email: result.newEmail })
          : result.status === 'taken'
            ? translate(storefront, 'account.security.emailTaken')
            : linkInvalid(storefront);
      return sendPage(
        reply,
        result.status === 'changed' ? 200 : 410,
        noticePage({
          storefront,
          titleKey: 'account.security.emailConfirm.title',
          message,
          ok: result.status === 'changed',
          backHref: `/${storefront.urlLocal}/user/profile/`,
        }),
      );
    },
  );

  app.get(
    '/user/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'The browsers signed in to the account, with their last use (never a full address)',
        response: { 200: envelopeSchema(sessionListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await sessions.list(user.id, currentToken(request));
      return ok({
        sessions: rows.map((s) => ({
          id: s.public_id,
          device: s.user_agent ?? '',
          place: s.place,
          signed_in_at: new Date(s.created_at).toISOString(),
          last_used_at: new Date(s.last_used_at).toISOString(),
          current: s.current,
        })),
      });
    },
  );

  app.post(
    '/user/sessions/sign-out',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one browser of the account by its id (errno 47006 when it is not one of them)',
        body: sessionSignOutBody,
        response: { 200: envelopeSchema(signedOutAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await sessions.end(user.id, request.body.id)))
        throw new ApiError(Errno.SESSION_NOT_FOUND, translate(request.storefront, 'account.security.sessionNotFound'));
      return ok({ signed_out: 1 });
    },
  );

  app.post(
    '/user/sessions/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out every browser of the account but this one',
        response: { 200: envelopeSchema(signedOutAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({ signed_out: await sessions.endOthers(user.id, currentToken(request)) });
    },
  );
}
