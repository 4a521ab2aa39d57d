import type { FastifyInstance } from 'fastify';
import { API_CSP, COMMON_SECURITY_HEADERS, HSTS, pageContentSecurityPolicy } from '../../sites/security-headers';

/**
 * Security headers on every answer: the common set, HSTS over https, and a Content-Security-Policy chosen by what
 * the answer is (a storefront page, or JSON and files). Routes that render their own HTML set a stricter CSP
 * themselves and keep it.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const pageCsp = pageContentSecurityPolicy();
  const common = Object.entries(COMMON_SECURITY_HEADERS);
  app.addHook('onSend', (request, reply, _payload, done) => {
    for (const [name, value] of common) reply.header(name, value);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    // A 304 carries no content type to choose by, and the browser merges its headers into the cached page: a CSP
    // here would replace the page's policy with the API's. The cached answer keeps the policy it came with.
    if (reply.statusCode !== 304 && !reply.hasHeader('Content-Security-Policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('Content-Security-Policy', type.startsWith('text/html') ? pageCsp : API_CSP);
    }
    done();
  });
}
