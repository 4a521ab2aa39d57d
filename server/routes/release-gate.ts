import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { requireReleaseManager } from '../context';
import { sessionToken } from './staff-gate';

/** The OpenAPI tag of the release console's routes: the gate below guards every route that carries it. */
export const RELEASES_TAG = 'releases';

/**
 * The release console answers who may call it before it reads what was sent, as the staff gate does for support
 * staff: a visitor gets "not signed in" (20001), a shopper or a support agent "release managers only" (403), even
 * for a malformed body. Keyed on the tag, so a new console route is guarded without being listed anywhere.
 */
export function installReleaseGate(app: FastifyInstance): void {
  const gate: preValidationAsyncHookHandler = async (request) => {
    const token = sessionToken(request);
    request.user = token ? await app.repos.users.userBySession(token) : null;
    requireReleaseManager(request);
  };
  app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: readonly string[] } | undefined)?.tags;
    if (!tags?.includes(RELEASES_TAG)) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [gate, ...own];
  });
}
