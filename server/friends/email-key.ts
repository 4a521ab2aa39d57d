import { createHash } from 'node:crypto';

/** Mail services that ignore dots in the local part (j.doe@ and jdoe@ are one mailbox). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, however it is written: lower case, without a `+tag`, without dots where the service ignores them, and
 * googlemail.com as gmail.com. The self-referral and one-reward-per-account rules compare these.
 * @example mailboxOf('J.Doe+shop@GoogleMail.com') // 'jdoe@gmail.com'
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).replace(/\+.*$/, '');
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** The hash a reward claim keeps for a mailbox (never the address itself). */
export function mailboxHash(email: string): string {
  return createHash('sha256')
    .update(`mailbox:${mailboxOf(email)}`)
    .digest('hex');
}
