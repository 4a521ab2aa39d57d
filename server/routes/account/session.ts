import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE, clearCartCookie, ensureDeviceCookie, setSessionCookies } from '../../auth/cookies';
import type { User } from '../../repositories/users';
import type { CartNotice } from '../../repositories/cart';
import { describeSession } from './session-device';
import { cancelDeletionOnSignIn } from '../../data-rights/cancel-on-sign-in';

/**
 * Signs a user in on this browser: a session, this browser trusted for the account, and the visitor's cart
 * merged into the user's (what did not fit is returned and shown in the cart).
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
): Promise<CartNotice[]> {
  await cancelDeletionOnSignIn(app, request, user);
  const token = await app.repos.users.createSession(user.id);
  await describeSession(app, request, token);
  const device = ensureDeviceCookie(request, reply);
  await app.repos.users.trustDevice(device, user.id);
  const notices = await app.repos.cart.mergeInto(request.cookies[COOKIE.cart], user.id);
  clearCartCookie(reply);
  setSessionCookies(request, reply, token, user);
  return notices;
}

/** The JSON answer of a sign-in (schema `sessionData`). */
export function sessionAnswer(user: User, redirectUrl: string, notices: CartNotice[]) {
  return { user_id: user.id, nickname: user.nickname, redirect_url: redirectUrl, cart_notices: notices };
}
