import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage, wantsJson } from '../routes/account/respond';
import { findStorefront, type Storefront } from '../storefront';
import { noticePage } from './account-pages';
import { formPageOf, rateLimitPage } from './rate-limit-page';

/**
 * The storefront of a browser's navigation under /api/<prefix>/ (a form posted, a link followed), or undefined for a
 * program's call (an island's fetch, an app): such a browser is answered with a page, a program with the envelope.
 * Read from the path, as the rate limits refuse before the storefront hook runs.
 */
export function navigatingStorefront(request: FastifyRequest): Storefront | undefined {
  if (wantsJson(request) || !(request.headers.accept ?? '').includes('text/html')) return undefined;
  return findStorefront(/^\/api\/([a-z]{2}(?:-[a-z]{2})?)\//.exec(request.url)?.[1] ?? '');
}

/**
 * A refusal (a client error) as a page in the storefront's language, its message as the envelope would have said it.
 */
export function sendErrorPage(reply: FastifyReply, storefront: Storefront, status: number, message: string) {
  // A form that hit a rate limit: the wait page, with the limit's Retry-After and the way back to the form.
  if (status === 429) {
    const retryAfterSeconds = Number(reply.getHeader('retry-after'));
    const formHref = formPageOf(storefront, reply.request.url);
    return sendPage(reply, status, rateLimitPage({ storefront, retryAfterSeconds, formHref }));
  }
  return sendPage(reply, status, noticePage({ storefront, titleKey: 'page.error.title', message, ok: false }));
}
