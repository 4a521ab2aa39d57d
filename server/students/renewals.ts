import type { Database } from '../db/types';
import type { MailService } from '../mail/index';
import { studentsRepository } from '../repositories/students';
import { studentNotice } from '../mail/student-mails';
import { storefronts } from '../../region-config/storefronts';

/**
 * Tells each verified student once when their status enters its renewal window (its last days): a message and a mail
 * in the language of the storefront they verified in, so the status can be renewed before it ends.
 */
export async function noticeStudentRenewals(db: Database, mail: MailService): Promise<number> {
  const fallback = storefronts[0]!;
  const origin = mail.links(fallback).origin;
  const told = await studentsRepository(db).noticeRenewals((row) => studentNotice(origin, 'renewal', row, fallback));
  if (told > 0) mail.wake();
  return told;
}
