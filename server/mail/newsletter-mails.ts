import { composeMail } from './compose';
import { apiLink, type MailLinks } from './account-mails';
import type { OutgoingMail } from './outbox';

/**
 * An issue of the newsletter for one subscription: every such mail carries the subscription's own unsubscribe link
 * (the token names one address in one country). Topic 'marketing': the outbox queues it only while that address
 * has a confirmed, active subscription.
 */
export function newsletterMail(
  links: MailLinks,
  email: string,
  unsubscribeToken: string,
  content: { subject: string; paragraphs: string[]; actions?: { label: string; url: string }[] },
): OutgoingMail {
  return {
    recipient: email,
    kind: 'newsletter',
    topic: 'marketing',
    urlLocal: links.storefront.urlLocal,
    ...composeMail(links.storefront, {
      subject: content.subject,
      paragraphs: content.paragraphs,
      actions: content.actions ?? [],
      unsubscribeUrl: apiLink(links, '/misc/unsubscribe', { token: unsubscribeToken }),
    }),
  };
}
