import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { COOKIE } from '../auth/cookies';
import { requireStaff } from '../context';

/** The OpenAPI tag of the routes for support staff: the gate below guards every route that carries it. */
export const STAFF_TAG = 'staff';

/** The session cookie when it has a token's format; garbage cookies never reach the database. */
export function sessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[COOKIE.session];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/**
 * Staff routes answer who may call them before they read what was sent: a preValidation hook on every route
 * tagged 'staff' signs the request in and checks the role, so a visitor gets "not signed in" (20001) and a
 * shopper "staff only" (403) even for a malformed body, and validation errors (which describe the route's
 * schema) are for staff only. Keyed on the tag, the one mark a staff route already needs for the API document,
 * so a new staff route is guarded without being listed anywhere.
 */
export function installStaffGate(app: FastifyInstance): void {
  const gate: preValidationAsyncHookHandler = async (request) => {
    const token = sessionToken(request);
    request.user = token ? await app.repos.users.userBySession(token) : null;
    requireStaff(request);
  };
  app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: readonly string[] } | undefined)?.tags;
    if (!tags?.includes(STAFF_TAG)) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [gate, ...own];
  });
}
