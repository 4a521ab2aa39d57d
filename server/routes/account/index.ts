import type { FastifyInstance } from 'fastify';
import { signInRoutes } from './sign-in';
import { signInLinkRoutes } from './sign-in-link';
import { registerRoutes } from './register';
import { passwordResetRoutes } from './password-reset';
import { signOutRoutes } from './sign-out';
import { profileRoutes } from './profile';
import { securityRoutes } from './security';
import { friendRoutes } from './friends';

/** The account pages of the buy site: sign-in, sign-up by mail, password reset, sign-out. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(signInRoutes);
  await app.register(signInLinkRoutes);
  await app.register(registerRoutes);
  await app.register(passwordResetRoutes);
  await app.register(signOutRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(friendRoutes);
}
