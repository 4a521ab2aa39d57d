import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { isValidEmail } from '../../region-config/index';
import { envelopeSchema, ok, type Envelope } from '../envelope';
import { ApiError, Errno } from '../errors';
import { baseQueryProperties } from '../schemas/common';
import { message } from '../i18n';
import { renderMessagePage } from '../views/message-page';

/** A JSONP callback may only be a (dotted) JavaScript identifier: anything else could inject script. */
export const CALLBACK_PATTERN = /^[A-Za-z_$][\w$]{0,63}(\.[A-Za-z_$][\w$]{0,63}){0,3}$/;

const subscribeData = {
  type: 'object',
  required: ['status'],
  properties: { status: { enum: ['subscribed', 'already_subscribed', 'resubscribed'] } },
} as const;

/** Decodes the base64 email of §7 (standard or URL-safe alphabet); null when it is not valid base64 text. */
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
function reply(res: FastifyReply, callback: string | undefined, body: Envelope<unknown>, page?: () => string): Envelope<never> {
  if (page) return res.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page()) as never;
  if (!callback) return body as Envelope<never>;
  // The leading comment stops the "Rosetta Flash" family of attacks on the callback name.
  return res
    .type('application/javascript; charset=utf-8')
    .header('X-Content-Type-Options', 'nosniff')
    .send(`/**/${callback}(${JSON.stringify(body)});`) as never;
}

/** Newsletter subscribe (JSONP, §7) and unsubscribe (token from the email link). */
export async function subscribeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/misc/emailsubscribe',
    {
      schema: {
        tags: ['subscribe'],
        summary: 'Subscribe an email to the newsletter (JSONP with jsonpcallback; JSON without)',
        querystring: {
          type: 'object',
          required: ['email'],
          properties: {
            ...baseQueryProperties,
            email: { type: 'string', minLength: 1, maxLength: 400, description: 'base64 of the address (plain text when secrweb is absent)' },
            secrweb: { type: 'string', enum: ['true'], description: 'the address is base64-encoded; absent for the no-JavaScript form' },
            jsonpcallback: { type: 'string', maxLength: 200 },
          },
        },
        response: { 200: envelopeSchema(subscribeData) },
      },
    },
    async (request, res) => {
      const { jsonpcallback } = request.query;
      if (jsonpcallback !== undefined && !CALLBACK_PATTERN.test(jsonpcallback)) {
        // Never echo an invalid name into script: answer plain JSON.
        throw new ApiError(Errno.INVALID_CALLBACK, 'invalid parameter: jsonpcallback must be a JavaScript identifier', 400);
      }
      const { secrweb } = request.query;
      const plainForm = isPlainForm(secrweb, jsonpcallback, request.headers.accept);
      const email = secrweb === 'true' ? decodeEmail(request.query.email) : request.query.email.trim();
      const page = (ok: boolean, text: string) =>
        plainForm
          ? () => renderMessagePage(request.storefront, {
              title: message(request.storefront, 'footer.subscribe.title', 'Newsletter'),
              message: text,
              ok,
              backText: message(request.storefront, 'common.home', 'Home'),
            })
          : undefined;
      if (!email || email.length > 254 || !isValidEmail(email)) {
        // §8: the subscribe box shows the server's errmsg as is, so it is in the storefront's language.
        const errmsg = message(request.storefront, 'footer.subscribe.invalidEmail', 'Please enter a valid email address.');
        return reply(res, jsonpcallback, { data: null, errno: Errno.INVALID_EMAIL, errmsg }, page(false, errmsg));
      }
      const { local, urlLocal } = request.storefront;
      const status = await app.repos.subscriptions.subscribe(email, local, urlLocal);
      const body = ok({ status });
      body.errmsg = message(request.storefront, 'footer.subscribe.success', 'Thank you for subscribing.');
      return reply(res, jsonpcallback, body, page(true, body.errmsg));
    },
  );

  app.post(
    '/misc/unsubscribe',
    {
      schema: {
        tags: ['subscribe'],
        summary: 'Unsubscribe with the token of the email link',
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,100}$' } } },
        response: { 200: envelopeSchema({ type: 'object', required: ['unsubscribed'], properties: { unsubscribed: { type: 'boolean' } } } as const) },
      },
    },
    async (request) => {
      const done = await app.repos.subscriptions.unsubscribe(request.body.token);
      if (!done) throw new ApiError(Errno.NOT_FOUND, 'this unsubscribe link is not valid');
      return ok({ unsubscribed: true });
    },
  );
}
