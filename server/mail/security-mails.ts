import { translator } from '../i18n';
import { apiLink, type MailLinks } from './account-mails';
import { composeMail } from './compose';
import type { OutgoingMail } from './outbox';

/**
 * Mails of an address change, at most this many an hour per recipient: the link goes to an address the shopper
 * types, so the store must not become a way to flood a stranger's inbox.
 */
export const EMAIL_CHANGE_MAILS_PER_HOUR = 5;
const KINDS = ['email-change-confirm', 'email-change-notice'] as const;

function securityMail(
  links: MailLinks,
  kind: (typeof KINDS)[number],
  recipient: string,
  content: Parameters<typeof composeMail>[1],
): OutgoingMail {
  return {
    recipient,
    kind,
    urlLocal: links.storefront.urlLocal,
    perRecipientHourlyCap: EMAIL_CHANGE_MAILS_PER_HOUR,
    capKinds: [kind],
    topic: 'security',
    ...composeMail(links.storefront, content),
  };
}

/** The link to the new address: the account's address changes only when it is opened. */
export function emailChangeConfirmMail(links: MailLinks, newEmail: string, token: string): OutgoingMail {
  const t = translator(links.storefront);
  return securityMail(links, 'email-change-confirm', newEmail, {
    subject: t('mail.security.emailConfirm.subject'),
    paragraphs: [t('mail.security.emailConfirm.body')],
    actions: [{ label: t('mail.security.emailConfirm.button'), url: apiLink(links, '/site/email/confirm', { token }) }],
    ignorable: true,
  });
}

/** The notice to the current address, so an owner whose session was taken over learns of the change in time. */
export function emailChangeNoticeMail(links: MailLinks, oldEmail: string, maskedNewEmail: string): OutgoingMail {
  const t = translator(links.storefront);
  return securityMail(links, 'email-change-notice', oldEmail, {
    subject: t('mail.security.emailNotice.subject'),
    paragraphs: [t('mail.security.emailNotice.body', { email: maskedNewEmail })],
    actions: [{ label: t('mail.reset.button'), url: apiLink(links, '/site/forgot', {}) }],
  });
}
