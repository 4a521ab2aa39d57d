import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_DAYS, TRUSTED_DEVICE_DAYS, type User } from '../repositories/users';
import { SIGN_IN_LINK_MINUTES } from '../repositories/account-tokens';
import { newToken } from './tokens';

export const COOKIE = {
  session: 'serviceToken',
  userId: 'userId',
  cUserId: 'cUserId',
  cart: 'cartId',
  visitor: 'visitorId',
  device: 'deviceId',
  signInBrowser: 'signInBrowser',
} as const;
const MAX_AGE = SESSION_DAYS * 24 * 3600;
/** The shape of the random tokens this file sets (newToken). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Sets the session cookie (HttpOnly) and the readable user-id cookies. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, user: User): void {
  const base = { path: '/', sameSite: 'lax', secure: secure(request), maxAge: MAX_AGE } as const;
  reply.setCookie(COOKIE.session, token, { ...base, httpOnly: true });
  reply.setCookie(COOKIE.userId, String(user.id), base);
  reply.setCookie(COOKIE.cUserId, user.c_user_id, base);
}

/** Removes the session and user-id cookies (logout). */
export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [COOKIE.session, COOKIE.userId, COOKIE.cUserId]) reply.clearCookie(name, { path: '/' });
}

/** Remembers a visitor's cart between calls. */
export function setCartCookie(request: FastifyRequest, reply: FastifyReply, cartId: string): void {
  reply.setCookie(COOKIE.cart, cartId, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secure(request),
    maxAge: MAX_AGE,
  });
}

export function clearCartCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE.cart, { path: '/' });
}

/**
 * The browser's device token (HttpOnly, a year): set at the first sign-in and kept across sign-outs, so the
 * accounts it signed in to can tell their owner's browser from a stranger's.
 */
export function ensureDeviceCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[COOKIE.device];
  const token = existing && TOKEN_SHAPE.test(existing) ? existing : newToken();
  // Later calls in the same request (the sign-up's friend code, then the session) get the same token.
  request.cookies[COOKIE.device] = token;
  reply.setCookie(COOKIE.device, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secure(request),
    maxAge: TRUSTED_DEVICE_DAYS * 24 * 3600,
  });
  return token;
}

/**
 * The browser's claim to the sign-in links mailed for it (HttpOnly, as long as a link works). Every answer to a
 * sign-in on an attacked account sets it, right password or not, so the answer's headers say nothing either.
 */
export function ensureSignInBrowserCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[COOKIE.signInBrowser];
  const token = existing && TOKEN_SHAPE.test(existing) ? existing : newToken();
  reply.setCookie(COOKIE.signInBrowser, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: secure(request),
    maxAge: SIGN_IN_LINK_MINUTES * 60,
  });
  return token;
}

/** The browser's device token when it has one of the shape this file sets (it signed in before); else null. */
export function deviceCookie(request: FastifyRequest): string | null {
  const value = request.cookies[COOKIE.device];
  return value && TOKEN_SHAPE.test(value) ? value : null;
}

/** The sign-in cookie's value when it has the shape of one. */
export function signInBrowserCookie(request: FastifyRequest): string | null {
  const value = request.cookies[COOKIE.signInBrowser];
  return value && TOKEN_SHAPE.test(value) ? value : null;
}

export function clearSignInBrowserCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE.signInBrowser, { path: '/' });
}
