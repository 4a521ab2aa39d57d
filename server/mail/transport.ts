import { createTransport } from 'nodemailer';
import type { MailAttachmentRef, OutboxRow } from './outbox';

/** A resolved attachment: the file the reference names. */
export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Turns a mail's attachment references into files when it is sent; a kind without a resolver is an error. */
export type AttachmentResolver = (ref: MailAttachmentRef) => Promise<MailFile>;

/** Where queued mail goes: an SMTP server, or nowhere but the local mailbox page. */
export interface MailTransport {
  readonly name: 'smtp' | 'mailbox';
  send(mail: OutboxRow, files: readonly MailFile[]): Promise<void>;
  close(): void;
}

/** SMTP (nodemailer) when SMTP_URL is set; otherwise mail is only kept in the outbox for the local mailbox page. */
export function mailTransport(opts: { smtpUrl: string | undefined; from: string }): MailTransport {
  if (!opts.smtpUrl) return { name: 'mailbox', async send() {}, close() {} };
  const smtp = createTransport(opts.smtpUrl);
  return {
    name: 'smtp',
    async send(mail, files) {
      await smtp.sendMail({
        from: opts.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content })),
        // One Message-ID per outbox row: if a crash makes the worker send a mail again, receivers see a duplicate.
        messageId: `<outbox-${mail.id}@mistore.mail>`,
      });
    },
    close: () => smtp.close(),
  };
}
