import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { COOKIE } from '../../auth/cookies';

/** The session cookie when it has a token's format; garbage cookies never reach the database. */
export function sessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[COOKIE.session];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * Routes for one role answer who may call them before they read what was sent: a preValidation hook on every route
 * tagged `tag` signs the request in and checks the role (`require` throws the refusal), so a visitor gets "not
 * signed in" (20001) and anyone else "for <role> only" (403) even for a malformed body, and validation errors (which
 * describe the route's schema) are for that role only. Keyed on the tag, the one mark such a route already needs for
 * the API document, so a new route is guarded without being listed anywhere.
 */
export function installRoleGate(
  app: FastifyInstance,
  tag: string,
  require: (request: FastifyRequest) => unknown,
): void {
  const gate: preValidationAsyncHookHandler = async (request) => {
    const token = sessionToken(request);
    request.user = token ? await app.repos.users.userBySession(token) : null;
    require(request);
  };
  app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: readonly string[] } | undefined)?.tags;
    if (!tags?.includes(tag)) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [gate, ...own];
  });
}
