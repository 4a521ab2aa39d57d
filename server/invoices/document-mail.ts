import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';

/** The mail of an issued invoice or credit note: its PDF attached by reference (resolved when the mail is sent). */
export function documentMail(
  storefront: Storefront,
  email: string,
  doc: { id: string; number: string; orderId: string; kind: 'invoice' | 'credit_note' },
): OutgoingMail {
  const t = translator(storefront);
  const credit = doc.kind === 'credit_note';
  const vars = { number: doc.number, orderId: doc.orderId };
  return {
    recipient: email,
    kind: credit ? 'order-credit-note' : 'order-invoice',
    urlLocal: storefront.urlLocal,
    dedupeKey: `invoice-document:${doc.id}`,
    attachments: [{ kind: 'invoice', ref: doc.id, filename: `${doc.number}.pdf` }],
    ...composeMail(storefront, {
      subject: t(credit ? 'invoice.mail.creditSubject' : 'invoice.mail.subject', vars),
      paragraphs: [t(credit ? 'invoice.mail.creditBody' : 'invoice.mail.body', vars)],
      actions: [],
    }),
  };
}
