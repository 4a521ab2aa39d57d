import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { composeMail } from './compose';
import { UNSOLICITED_MAIL_CAP } from './account-mails';
import type { OutgoingMail } from './outbox';
import { CONFIRM_LINK_HOURS, EMAIL_REPLY_HOURS, ticketNumber } from '../support/ticket-rules';
import type { TicketRow } from '../repositories/support-tickets';

/** The storefront page that shows a ticket to whoever holds the token of a mail (no account needed). */
export function ticketLink(origin: string, storefront: Storefront, token: string): string {
  return `${origin}/${storefront.urlLocal}/support/ticket/?${new URLSearchParams({ token }).toString()}`;
}

/** The offline form's page with the confirmation token of a held request: the page confirms it and shows the ticket. */
export function offlineConfirmLink(origin: string, storefront: Storefront, token: string): string {
  return `${origin}/${storefront.urlLocal}/support/offline-form/?${new URLSearchParams({ token }).toString()}`;
}

/**
 * "Confirm your request": the offline form's ticket opens only once its address follows this link. Anyone can type
 * an address into the form, so the mail is capped per address and hour and carries nothing the sender wrote (not
 * even the name), lest the form carry a stranger's text into someone's inbox. It answers what the address was just
 * used for, so it goes out whatever the recipient's ticket-mail preferences.
 */
export function ticketConfirmMail(origin: string, storefront: Storefront, email: string, token: string): OutgoingMail {
  const t = translator(storefront);
  return {
    recipient: email,
    kind: 'ticket-confirm',
    topic: 'security',
    urlLocal: storefront.urlLocal,
    perRecipientHourlyCap: UNSOLICITED_MAIL_CAP,
    ...composeMail(storefront, {
      subject: t('mail.supportDesk.confirm.subject'),
      paragraphs: [
        t('mail.supportDesk.confirm.body'),
        t('mail.supportDesk.confirm.expiry', { count: CONFIRM_LINK_HOURS }),
      ],
      actions: [{ label: t('mail.supportDesk.confirm.button'), url: offlineConfirmLink(origin, storefront, token) }],
      ignorable: true,
    }),
  };
}

/**
 * "We received your request": the ticket number and a link to read and answer it. Anyone can type an address into
 * the form, so these mails are capped per address and hour like sign-up mails.
 */
export function ticketReceivedMail(
  origin: string,
  storefront: Storefront,
  ticket: TicketRow,
  token: string,
): OutgoingMail {
  const t = translator(storefront);
  const number = ticketNumber(ticket.id);
  const deadline = ticket.due_at ? `${new Date(ticket.due_at).toISOString().slice(0, 16).replace('T', ' ')} UTC` : null;
  return {
    recipient: ticket.email,
    kind: ticket.kind === 'grievance' ? 'grievance-received' : 'ticket-received',
    urlLocal: storefront.urlLocal,
    perRecipientHourlyCap: UNSOLICITED_MAIL_CAP,
    ...composeMail(storefront, {
      subject: t('mail.supportDesk.received.subject', { number }),
      paragraphs: [
        t('mail.supportDesk.received.body', { number, name: ticket.name }),
        deadline
          ? t('mail.supportDesk.received.deadline', { time: deadline })
          : t('mail.supportDesk.received.replyWithin', { count: EMAIL_REPLY_HOURS }),
      ],
      actions: [{ label: t('mail.supportDesk.button'), url: ticketLink(origin, storefront, token) }],
      ignorable: true,
    }),
  };
}

/** Staff answered: the answer itself and the link to reply (a new token for this mail). */
export function ticketReplyMail(
  origin: string,
  storefront: Storefront,
  ticket: TicketRow,
  token: string,
  reply: string,
): OutgoingMail {
  const t = translator(storefront);
  const number = ticketNumber(ticket.id);
  return {
    recipient: ticket.email,
    kind: 'ticket-reply',
    urlLocal: storefront.urlLocal,
    ...composeMail(storefront, {
      subject: t('mail.supportDesk.reply.subject', { number }),
      paragraphs: [t('mail.supportDesk.reply.body', { number }), reply],
      actions: [{ label: t('mail.supportDesk.button'), url: ticketLink(origin, storefront, token) }],
    }),
  };
}

/** Staff changed the status (resolved: the customer is asked for feedback). */
export function ticketStatusMail(
  origin: string,
  storefront: Storefront,
  ticket: TicketRow,
  token: string,
  statusLabel: string,
): OutgoingMail {
  const t = translator(storefront);
  const number = ticketNumber(ticket.id);
  return {
    recipient: ticket.email,
    kind: 'ticket-status',
    urlLocal: storefront.urlLocal,
    ...composeMail(storefront, {
      subject: t('mail.supportDesk.status.subject', { number, status: statusLabel }),
      paragraphs: [
        t('mail.supportDesk.status.body', { number, status: statusLabel }),
        ...(ticket.status === 'resolved' ? [t('mail.supportDesk.status.feedback')] : []),
      ],
      actions: [{ label: t('mail.supportDesk.button'), url: ticketLink(origin, storefront, token) }],
    }),
  };
}
