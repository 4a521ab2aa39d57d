import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { isValidEmail } from '../../../region-config/index';
import { envelopeSchema, ok, type Envelope } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { message, translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { subscribeAlreadyMail, subscribeConfirmMail } from '../../mail/account-mails';
import { confirmForm, esc, renderPage } from '../../views/html';
import { noticePage } from '../../views/account-pages';
import { sendPage, wantsJson } from './respond';
import {
  miscEmailsubscribeAnswer,
  miscSubscribeConfirmAnswer,
  miscUnsubscribeAnswer,
  emailSubscribeQuery,
  subscriptionTokenBody,
  tokenQuery,
} from '../../schemas/account';

/** A JSONP callback may only be a (dotted) JavaScript identifier: anything else could inject script. */
export const CALLBACK_PATTERN = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/;

/**
 * Decodes the base64 email of the subscribe call (standard or URL-safe alphabet); null when it is not valid base64
 * text.
 */
export function decodeEmail(encoded: string): string | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) return null;
  const text = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return text.includes('\uFFFD') ? null : text.trim();
}

/** A browser's plain form submission (the subscribe box without JavaScript) rather than a script's call. */
function isPlainForm(secrweb: string | undefined, callback: string | undefined, accept: string | undefined): boolean {
  return secrweb === undefined && callback === undefined && (accept ?? '').includes('text/html');
}

/** Sends JSONP when a callback is given, an HTML page to a plain form submission, JSON otherwise. */
function answer(
  res: FastifyReply,
  callback: string | undefined,
  body: Envelope<unknown>,
  page?: () => string,
): Envelope<never> {
  if (page) return sendPage(res, 200, page()) as never;
  if (!callback) return body as Envelope<never>;
  // The leading comment stops the "Rosetta Flash" family of attacks on the callback name.
  return res.type('application/javascript; charset=utf-8').send(`/**/${callback}(${JSON.stringify(body)});`) as never;
}

/** A confirmation page whose button POSTs the token back (mail scanners that open links change nothing). */
function confirmPage(
  request: FastifyRequest,
  keys: { title: string; text: string; button: string },
  email: string,
  action: string,
  token: string,
): string {
  const t = (key: string, vars?: Record<string, string>) => translate(request.storefront, key, vars);
  return renderPage({
    lang: request.storefront.lang,
    dir: request.storefront.dir,
    title: t(keys.title),
    body: `<p>${esc(t(keys.text, { email }))}</p>\n${confirmForm({
      action,
      fields: { token },
      button: t(keys.button),
    })}`,
  });
}

/**
 * Newsletter with double opt-in: the subscribe call (JSONP) always answers "check your inbox", and the mail
 * either asks to confirm or says the address already gets the newsletter. Unsubscribe works from every mail.
 */
export async function subscribeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const notice = (request: FastifyRequest, titleKey: string, text: string, ok: boolean) =>
    noticePage({ storefront: request.storefront, titleKey, message: text, ok });

  app.get(
    '/misc/emailsubscribe',
    {
      config: { rateLimit: RATE_RULES.subscribe },
      schema: {
        tags: ['subscribe'],
        summary:
          'Ask to subscribe an email to the newsletter (JSONP with jsonpcallback; JSON without); a mail ' +
          'asks to confirm',
        querystring: emailSubscribeQuery,
        response: { 200: envelopeSchema(miscEmailsubscribeAnswer) },
      },
    },
    async (request, res) => {
      const { jsonpcallback, secrweb } = request.query;
      if (jsonpcallback !== undefined && !CALLBACK_PATTERN.test(jsonpcallback)) {
        // Never echo an invalid name into script: answer plain JSON.
        throw new ApiError(
          Errno.INVALID_CALLBACK,
          'invalid parameter: jsonpcallback must be a JavaScript identifier',
          400,
        );
      }
      const plainForm = isPlainForm(secrweb, jsonpcallback, request.headers.accept);
      const email = secrweb === 'true' ? decodeEmail(request.query.email) : request.query.email.trim();
      const page = (ok: boolean, text: string) =>
        plainForm ? () => notice(request, 'footer.subscribe.title', text, ok) : undefined;
      if (!email || email.length > 254 || !isValidEmail(email)) {
        // The subscribe box shows the server's errmsg as is, so it is in the storefront's language.
        const errmsg = message(request.storefront, 'footer.subscribe.invalidEmail');
        return answer(res, jsonpcallback, { data: null, errno: Errno.INVALID_EMAIL, errmsg }, page(false, errmsg));
      }
      const { local, urlLocal } = request.storefront;
      const links = app.mail.links(request.storefront);
      await app.db.transaction(async (tx) => {
        const result = await app.repos.subscriptions.request(tx, email, local, urlLocal);
        await app.mail.enqueue(
          tx,
          result.confirmed
            ? subscribeAlreadyMail(links, email.toLowerCase(), result.unsubscribeToken)
            : subscribeConfirmMail(links, email.toLowerCase(), result.confirmToken, result.unsubscribeToken),
        );
      });
      app.mail.wake();
      const body = ok({ status: 'check_mail' as const });
      body.errmsg = message(request.storefront, 'footer.subscribe.success');
      return answer(res, jsonpcallback, body, page(true, body.errmsg));
    },
  );

  app.get(
    '/misc/subscribe/confirm',
    {
      schema: {
        tags: ['subscribe'],
        summary: 'The page of a confirmation link (a button confirms)',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const email = /^[A-Za-z0-9_-]{43}$/.test(token) ? await app.repos.subscriptions.pendingEmail(token) : null;
      if (!email)
        return sendPage(
          reply,
          410,
          notice(
            request,
            'subscribe.confirm.title',
            translate(request.storefront, 'account.error.linkInvalid', { count: 24 }),
            false,
          ),
        );
      const action = `/api/${request.storefront.urlLocal}/misc/subscribe/confirm`;
      return sendPage(
        reply,
        200,
        confirmPage(
          request,
          { title: 'subscribe.confirm.title', text: 'subscribe.confirm.text', button: 'subscribe.confirm.button' },
          email,
          action,
          token,
        ),
      );
    },
  );

  app.post(
    '/misc/subscribe/confirm',
    {
      schema: {
        tags: ['subscribe'],
        summary: 'Confirm a subscription with the token of its mail',
        body: subscriptionTokenBody,
        response: { 200: envelopeSchema(miscSubscribeConfirmAnswer) },
      },
    },
    async (request, reply) => {
      const email = await app.repos.subscriptions.confirm(request.body.token);
      const text = translate(request.storefront, email ? 'subscribe.confirmed' : 'account.error.linkInvalid', {
        count: 24,
      });
      if (wantsJson(request)) {
        if (!email) throw new ApiError(Errno.LINK_INVALID, text);
        return ok({ confirmed: true });
      }
      return sendPage(reply, email ? 200 : 410, notice(request, 'subscribe.confirm.title', text, Boolean(email)));
    },
  );

  app.get(
    '/misc/unsubscribe',
    {
      schema: {
        tags: ['subscribe'],
        summary: 'The page of an unsubscribe link: names the address and a button unsubscribes it',
        querystring: tokenQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const t = (key: string, vars?: Record<string, string>) => translate(request.storefront, key, vars);
      const state = /^[A-Za-z0-9_-]{20,100}$/.test(token)
        ? await app.repos.subscriptions.stateOfUnsubscribeToken(token)
        : null;
      if (!state)
        return sendPage(
          reply,
          410,
          notice(
            request,
            'subscribe.unsubscribe.title',
            t(token ? 'unsubscribe.invalid' : 'unsubscribe.missing'),
            false,
          ),
        );
      // Nothing to do: say so instead of offering a button that changes nothing.
      if (!state.active)
        return sendPage(
          reply,
          200,
          notice(request, 'subscribe.unsubscribe.title', t('unsubscribe.already', { email: state.email }), true),
        );
      const action = `/api/${request.storefront.urlLocal}/misc/unsubscribe`;
      // A POST button rather than unsubscribing on GET, so a mail scanner that follows links unsubscribes nobody.
      return sendPage(
        reply,
        200,
        confirmPage(
          request,
          { title: 'subscribe.unsubscribe.title', text: 'unsubscribe.confirm', button: 'subscribe.unsubscribe.button' },
          state.email,
          action,
          token,
        ),
      );
    },
  );

  app.post(
    '/misc/unsubscribe',
    {
      schema: {
        tags: ['subscribe'],
        summary:
          'Unsubscribe the one subscription of the token in a newsletter mail link (a second use answers ' +
          'already: true)',
        body: subscriptionTokenBody,
        response: {
          200: envelopeSchema(miscUnsubscribeAnswer),
        },
      },
    },
    async (request, reply) => {
      const result = await app.repos.subscriptions.unsubscribeByToken(request.body.token);
      const t = (key: string, vars?: Record<string, string>) => translate(request.storefront, key, vars);
      if (wantsJson(request)) {
        if (!result) throw new ApiError(Errno.NOT_FOUND, t('unsubscribe.invalid'));
        return ok({ unsubscribed: true, already: result.already, email: result.email });
      }
      if (!result)
        return sendPage(reply, 410, notice(request, 'subscribe.unsubscribe.title', t('unsubscribe.invalid'), false));
      return sendPage(
        reply,
        200,
        notice(
          request,
          'subscribe.unsubscribe.title',
          t(result.already ? 'unsubscribe.already' : 'unsubscribe.done', { email: result.email }),
          true,
        ),
      );
    },
  );
}
