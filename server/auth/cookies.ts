import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_DAYS, type User } from '../repositories/users';

export const COOKIE = { session: 'serviceToken', userId: 'userId', cUserId: 'cUserId', cart: 'cartId', visitor: 'visitorId' } as const;
const MAX_AGE = SESSION_DAYS * 24 * 3600;

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Sets the session cookie (HttpOnly) and the readable user-id cookies of §6. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, user: User): void {
  const base = { path: '/', sameSite: 'lax', secure: secure(request), maxAge: MAX_AGE } as const;
  reply.setCookie(COOKIE.session, token, { ...base, httpOnly: true });
  reply.setCookie(COOKIE.userId, String(user.id), base);
  reply.setCookie(COOKIE.cUserId, user.c_user_id, base);
}

/** Removes the session and user-id cookies (logout, §6). */
export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [COOKIE.session, COOKIE.userId, COOKIE.cUserId]) reply.clearCookie(name, { path: '/' });
}

/** Remembers a visitor's cart between calls. */
export function setCartCookie(request: FastifyRequest, reply: FastifyReply, cartId: string): void {
  reply.setCookie(COOKIE.cart, cartId, { path: '/', sameSite: 'lax', httpOnly: true, secure: secure(request), maxAge: MAX_AGE });
}

export function clearCartCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE.cart, { path: '/' });
}
