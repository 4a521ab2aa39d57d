import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** This server's origin as the browser sees it (behind trusted proxies, the forwarded one). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The origin a browser says a request comes from: Origin, else the origin of Referer; undefined when neither. */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * CSRF defence for every state-changing API call, on top of SameSite cookies: a browser request must come from
 * this origin or a configured site. Browsers send Origin on every cross-origin POST; where it and Referer are
 * missing, Fetch Metadata still tells a cross-site request. Clients that are not browsers send none of these and
 * carry no ambient cookies to abuse, so they pass.
 */
export function installOriginCheck(app: FastifyInstance): void {
  const refused = () => new ApiError(Errno.BAD_ORIGIN, 'request origin not allowed', 403);
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const origin = claimedOrigin(request);
    if (origin === undefined) return done(request.headers['sec-fetch-site'] === 'cross-site' ? refused() : undefined);
    done(origin === ownOrigin(request) || app.siteOrigins.has(origin) ? undefined : refused());
  });
}
