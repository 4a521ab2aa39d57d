import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_PAGE_CSP } from '../../../sites/security-headers';
import { ApiError, Errno } from '../../errors';
import type { FieldErrors } from '../../auth/account-form';
import { translate } from '../../i18n';
import type { Storefront } from '../../storefront';

/** JSON callers (widgets, apps) get the envelope; browsers posting the forms get redirects and HTML. */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (
    (request.headers['content-type'] ?? '').startsWith('application/json') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  );
}

/** Sends a server-made account page: never cached, never framed, nothing loaded from elsewhere. */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', FORM_PAGE_CSP)
    .send(html);
}

/** The envelope error of a form with field problems: errno 40001 naming each field and its message. */
export function fieldError(storefront: Storefront, errors: FieldErrors): ApiError {
  const parts = Object.entries(errors).map(([field, key]) => `${field}: ${translate(storefront, key)}`);
  return new ApiError(Errno.INVALID_PARAM, `invalid parameter: ${parts.join('; ')}`, 400);
}

/** A string field of a parsed form body ('' when absent or not a string). */
export function formText(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** Tokens in links are 43 base64url characters; anything else is refused before the database. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
