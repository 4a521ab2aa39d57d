import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../repositories/users';
import { deletionCancelledMail } from './mails';

/**
 * Signing in during a deletion's grace period cancels it (the grace period exists for second thoughts), and the owner
 * is told by mail. True when one was cancelled.
 */
export async function cancelDeletionOnSignIn(app: FastifyInstance, request: FastifyRequest, user: User) {
  const cancelled = await app.db.transaction(async (tx) => {
    const row = await app.dataRights.deletions.cancel(tx, user.id, 'sign_in');
    if (row) await app.mail.enqueue(tx, deletionCancelledMail(app.mail.links(request.storefront), user.email, row.id));
    return row;
  });
  if (cancelled) app.mail.wake();
  return cancelled !== null;
}
