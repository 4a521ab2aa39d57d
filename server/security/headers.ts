import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_CSP, COMMON_SECURITY_HEADERS, HSTS, pageContentSecurityPolicy } from '../../sites/security-headers';

let pageCsp: string | undefined;
/** The Content-Security-Policy for an answer of this type: a storefront page's, or the API's for JSON and files. */
const cspFor = (contentType: string) =>
  contentType.startsWith('text/html') ? (pageCsp ??= pageContentSecurityPolicy()) : API_CSP;

/**
 * The security headers of an answer of `contentType`: the common set, HSTS over https, and its CSP. For answers
 * written without the reply hooks (a hijacked event stream, errors of the router); the hook below covers the rest.
 * @example res.writeHead(200, { ...securityHeaders(request, 'text/event-stream'), ... })
 */
export function securityHeaders(request: FastifyRequest, contentType: string): Record<string, string> {
  return {
    ...COMMON_SECURITY_HEADERS,
    ...(request.protocol === 'https' ? { 'Strict-Transport-Security': HSTS } : {}),
    'Content-Security-Policy': cspFor(contentType),
  };
}

/**
 * Security headers on every answer: the common set, HSTS over https, and a Content-Security-Policy chosen by what
 * the answer is (a storefront page, or JSON and files). Routes that render their own HTML set a stricter CSP
 * themselves and keep it.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const common = Object.entries(COMMON_SECURITY_HEADERS);
  app.addHook('onSend', (request, reply, _payload, done) => {
    for (const [name, value] of common) reply.header(name, value);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    // A 304 carries no content type to choose by, and the browser merges its headers into the cached page: a CSP
    // here would replace the page's policy with the API's. The cached answer keeps the policy it came with.
    if (reply.statusCode !== 304 && !reply.hasHeader('Content-Security-Policy'))
      reply.header('Content-Security-Policy', cspFor(String(reply.getHeader('content-type') ?? '')));
    done();
  });
}
