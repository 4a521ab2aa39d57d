import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { isValidEmail } from '../../region-config/index';
import { envelopeSchema, ok } from '../envelope';
import { ApiError, Errno } from '../errors';
import { COOKIE, clearCartCookie, clearSessionCookies, setSessionCookies } from '../auth/cookies';
import { safeRedirect } from '../auth/redirect';
import { THROTTLE, type User } from '../repositories/users';
import { renderLoginPage, type LoginError, type LoginPageInput } from '../views/login-page';

const redirectUrl = { type: 'string', maxLength: 2048 } as const;
const email = { type: 'string', minLength: 3, maxLength: 254 } as const;

const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email, password: { type: 'string', minLength: 1, maxLength: 200 }, redirectUrl },
} as const;

const registerBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email,
    password: { type: 'string', minLength: 8, maxLength: 200 },
    nickname: { type: 'string', minLength: 1, maxLength: 50 },
    redirectUrl,
  },
} as const;

const sessionData = {
  type: 'object',
  required: ['user_id', 'nickname', 'redirect_url'],
  properties: { user_id: { type: 'integer' }, nickname: { type: 'string' }, redirect_url: { type: 'string' } },
} as const;

/** JSON callers (widgets) get the envelope; browsers posting the form get redirects and HTML. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (request.headers['content-type'] ?? '').startsWith('application/json') || (accept.includes('application/json') && !accept.includes('text/html'));
}

/** This server's origin as the browser sees it (behind a proxy with TRUST_PROXY, the forwarded one). */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** CSRF: a browser POST must come from this origin or a configured site (cookies are SameSite=Lax as well). */
function checkOrigin(app: FastifyInstance, request: FastifyRequest): void {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return; // not a browser form; the session cookie is SameSite=Lax anyway
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    throw new ApiError(Errno.BAD_ORIGIN, 'request origin not allowed', 403);
  }
  if (origin === ownOrigin(request) || app.siteOrigins.has(origin)) return;
  throw new ApiError(Errno.BAD_ORIGIN, 'request origin not allowed', 403);
}

/** The §6 sign-in pages of the buy site: /site/login (scene=register), /site/register, /site/logout. */
export async function siteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  function page(reply: FastifyReply, status: number, input: LoginPageInput) {
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // The password form must not be framed (clickjacking) nor load anything from elsewhere.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'same-origin')
      .send(renderLoginPage(input));
  }

  async function signedIn(request: FastifyRequest, reply: FastifyReply, user: User, target: string) {
    const token = await app.repos.users.createSession(user.id);
    // The visitor's cart joins the user's cart now, so nothing chosen before sign-in is lost (issue: cart merge).
    await app.repos.cart.mergeInto(request.cookies[COOKIE.cart], user.id);
    clearCartCookie(reply);
    setSessionCookies(request, reply, token, user);
    if (wantsJson(request)) return ok({ user_id: user.id, nickname: user.nickname, redirect_url: target });
    return reply.redirect(target, 303);
  }

  function fail(request: FastifyRequest, reply: FastifyReply, err: ApiError, input: Omit<LoginPageInput, 'storefront' | 'message'>, message: LoginError, status: number) {
    if (wantsJson(request)) throw err;
    return page(reply, status, { ...input, storefront: request.storefront, message });
  }

  app.get(
    '/site/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign-in page (HTML); scene=register shows the sign-up form',
        querystring: { type: 'object', properties: { redirectUrl, scene: { enum: ['register', 'login'] } } },
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const target = safeRedirect(request.query.redirectUrl, app.siteOrigins, request.storefront.urlLocal, ownOrigin(request));
      if (request.user) return reply.redirect(target, 303);
      return page(reply, 200, { storefront: request.storefront, scene: request.query.scene === 'register' ? 'register' : 'login', redirectUrl: target });
    },
  );

  app.post(
    '/site/login',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        summary: 'Sign in (form or JSON). Browsers get 303 to redirectUrl; Accept: application/json gets the envelope',
        body: loginBody,
        response: { 200: envelopeSchema(sessionData) },
      },
    },
    async (request, reply) => {
      checkOrigin(app, request);
      const raw = (request.body ?? {}) as { email?: unknown; redirectUrl?: unknown };
      const target = safeRedirect(typeof raw.redirectUrl === 'string' ? raw.redirectUrl : undefined, app.siteOrigins, request.storefront.urlLocal, ownOrigin(request));
      const shown = { scene: 'login' as const, redirectUrl: target, email: typeof raw.email === 'string' ? raw.email.slice(0, 254) : '' };
      if (request.validationError) {
        if (wantsJson(request)) throw request.validationError;
        return page(reply, 400, { ...shown, storefront: request.storefront, message: 'invalidInput' });
      }
      const { email: address, password } = request.body;
      const emailKey = `email:${address.trim().toLowerCase()}`;
      const clientKey = `ip:${request.ip}`;
      const pairKey = `email-ip:${address.trim().toLowerCase()}|${request.ip}`;
      const failures = await app.repos.users.recentFailures([emailKey, clientKey, pairKey]);
      const count = (key: string) => failures.get(key) ?? 0;
      if (count(pairKey) >= THROTTLE.perEmailAndClient || count(clientKey) >= THROTTLE.perClient || count(emailKey) >= THROTTLE.perEmail) {
        reply.header('Retry-After', String(THROTTLE.windowMinutes * 60));
        return fail(request, reply, new ApiError(Errno.TOO_MANY_ATTEMPTS, 'too many sign-in attempts; try again in 15 minutes'), shown, 'tooMany', 429);
      }
      const user = await app.repos.users.verifyCredentials(address.trim(), password);
      if (!user) {
        await app.repos.users.recordFailure([emailKey, clientKey, pairKey]);
        return fail(request, reply, new ApiError(Errno.WRONG_CREDENTIALS, 'the email or password is not correct'), shown, 'wrongCredentials', 401);
      }
      await app.repos.users.clearFailures(pairKey);
      return signedIn(request, reply, user, target);
    },
  );

  app.post(
    '/site/register',
    {
      attachValidation: true,
      schema: {
        tags: ['account'],
        summary: 'Create an account and sign in (form or JSON)',
        body: registerBody,
        response: { 200: envelopeSchema(sessionData) },
      },
    },
    async (request, reply) => {
      checkOrigin(app, request);
      const raw = (request.body ?? {}) as { email?: unknown; redirectUrl?: unknown };
      const target = safeRedirect(typeof raw.redirectUrl === 'string' ? raw.redirectUrl : undefined, app.siteOrigins, request.storefront.urlLocal, ownOrigin(request));
      const shown = { scene: 'register' as const, redirectUrl: target, email: typeof raw.email === 'string' ? raw.email.slice(0, 254) : '' };
      const t = { email: 'Enter a valid email address.', password: 'At least 8 characters.' };
      if (request.validationError) {
        if (wantsJson(request)) throw request.validationError;
        const field = request.validationError.validation?.[0];
        const name = String(field?.instancePath.slice(1) || (field?.params as { missingProperty?: string })?.missingProperty || '');
        const fieldErrors = name === 'password' ? { password: t.password } : name === 'email' ? { email: t.email } : {};
        return page(reply, 400, { ...shown, storefront: request.storefront, message: 'invalidInput', fieldErrors });
      }
      const address = request.body.email.trim();
      if (!isValidEmail(address)) {
        const err = new ApiError(Errno.INVALID_EMAIL, 'please enter a valid email address', 400);
        if (wantsJson(request)) throw err;
        return page(reply, 400, { ...shown, storefront: request.storefront, message: 'invalidInput', fieldErrors: { email: t.email } });
      }
      const nickname = request.body.nickname?.trim() || address.split('@')[0]!.slice(0, 50);
      const user = await app.repos.users.register({ email: address, password: request.body.password, nickname });
      if (!user) return fail(request, reply, new ApiError(Errno.EMAIL_TAKEN, 'an account with this email already exists'), shown, 'emailTaken', 409);
      return signedIn(request, reply, user, target);
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = (request.query ?? {}) as { redirectUrl?: string };
    const b = (request.body ?? {}) as { redirectUrl?: string };
    const token = request.cookies[COOKIE.session];
    if (token) await app.repos.users.deleteSession(token);
    clearSessionCookies(reply);
    const target = safeRedirect(b.redirectUrl ?? q.redirectUrl, app.siteOrigins, request.storefront.urlLocal, ownOrigin(request));
    if (wantsJson(request)) return ok({ user_id: 0, nickname: '', redirect_url: target });
    return reply.redirect(target, 303);
  };
  const logoutSchema = {
    tags: ['account'],
    summary: 'Sign out: removes the session and the user id cookies (§6)',
    response: { 200: envelopeSchema(sessionData) },
  };
  app.get('/site/logout', { schema: { ...logoutSchema, querystring: { type: 'object', properties: { redirectUrl } } } }, logout);
  app.post(
    '/site/logout',
    { schema: { ...logoutSchema, body: { type: 'object', properties: { redirectUrl } } }, preHandler: async (request) => checkOrigin(app, request) },
    logout,
  );
}
