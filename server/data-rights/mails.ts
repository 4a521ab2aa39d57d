import { translator } from '../i18n';
import { formatDate } from '../../region-config/format-date';
import { composeMail } from '../mail/compose';
import type { MailLinks } from '../mail/account-mails';
import type { OutgoingMail } from '../mail/outbox';

/** The account page of the shopper's data (the archive and the deletion), with optional query parameters. */
export function dataPageLink(links: MailLinks, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${links.origin}/${links.storefront.urlLocal}/user/data/${query ? `?${query}` : ''}`;
}

function dataMail(
  links: MailLinks,
  kind: string,
  recipient: string,
  dedupeKey: string,
  content: Parameters<typeof composeMail>[1],
): OutgoingMail {
  return { recipient, kind, urlLocal: links.storefront.urlLocal, dedupeKey, ...composeMail(links.storefront, content) };
}

const day = (links: MailLinks, at: string | Date) =>
  formatDate(at, links.storefront.region, 'dateTimeFormatNoSecond', links.storefront.urlLocal);

/** The archive is ready: download it from the account before the link expires. */
export function exportReadyMail(links: MailLinks, email: string, exportId: number, expiresAt: string): OutgoingMail {
  const t = translator(links.storefront);
  return dataMail(links, 'data-export-ready', email, `data-export-ready:${exportId}`, {
    subject: t('mail.data.exportReady.subject'),
    paragraphs: [t('mail.data.exportReady.body', { date: day(links, expiresAt) })],
    actions: [{ label: t('mail.data.exportReady.button'), url: dataPageLink(links) }],
  });
}

/** The link that confirms a deletion the shopper asked for with their password. */
export function deletionConfirmMail(links: MailLinks, email: string, token: string): OutgoingMail {
  const t = translator(links.storefront);
  return dataMail(links, 'account-deletion-confirm', email, `account-deletion-confirm:${token.slice(0, 16)}`, {
    subject: t('mail.data.deleteConfirm.subject'),
    paragraphs: [t('mail.data.deleteConfirm.body')],
    actions: [{ label: t('mail.data.deleteConfirm.button'), url: dataPageLink(links, { confirm: token }) }],
    ignorable: true,
  });
}

/** The deletion is confirmed: the day it takes effect, and that signing in before cancels it. */
export function deletionScheduledMail(links: MailLinks, email: string, id: number, effectiveAt: string): OutgoingMail {
  const t = translator(links.storefront);
  return dataMail(links, 'account-deletion-scheduled', email, `account-deletion-scheduled:${id}`, {
    subject: t('mail.data.deleteScheduled.subject'),
    paragraphs: [t('mail.data.deleteScheduled.body', { date: day(links, effectiveAt) })],
    actions: [],
  });
}

/** A sign-in cancelled the deletion: the owner learns it (and what to do if it was not them). */
export function deletionCancelledMail(links: MailLinks, email: string, id: number): OutgoingMail {
  const t = translator(links.storefront);
  return dataMail(links, 'account-deletion-cancelled', email, `account-deletion-cancelled:${id}`, {
    subject: t('mail.data.deleteCancelled.subject'),
    paragraphs: [t('mail.data.deleteCancelled.body')],
    actions: [],
  });
}

/** The last mail to the address: the account is erased, and what the store keeps. */
export function accountErasedMail(links: MailLinks, email: string, id: number): OutgoingMail {
  const t = translator(links.storefront);
  return dataMail(links, 'account-erased', email, `account-erased:${id}`, {
    subject: t('mail.data.erased.subject'),
    paragraphs: [t('mail.data.erased.body')],
    actions: [],
  });
}
