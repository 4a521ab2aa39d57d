import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/types';
import type { Storefront } from '../storefront';
import type { MailLinks } from './account-mails';
import { mailOutbox, type OutgoingMail } from './outbox';
import { mailTransport, type AttachmentResolver } from './transport';
import { startMailWorker } from './worker';

/** The store's mail: queue in a transaction, send by the worker (SMTP or the local mailbox). */
export interface MailService {
  /** Queues with `q` (the caller's transaction); call `wake()` once it committed. Null when capped or a duplicate. */
  enqueue(q: Queryable, mail: OutgoingMail): Promise<number | null>;
  /** Queues on its own and sends at once. */
  send(mail: OutgoingMail): Promise<number | null>;
  /** Sends what is queued now instead of at the next poll. */
  wake(): void;
  /** Absolute links of a storefront for mails. */
  links(storefront: Storefront): MailLinks;
  /** 'smtp' or 'mailbox' (local only). */
  readonly transport: 'smtp' | 'mailbox';
  stop(): Promise<void>;
}

export function startMail(
  db: Database,
  opts: {
    smtpUrl: string | undefined;
    from: string;
    publicOrigin: string;
    log: FastifyBaseLogger;
    /** Turns attachment references into files (invoices' PDFs); mails with attachments need it. */
    attachments?: AttachmentResolver;
  },
): MailService {
  const transport = mailTransport({ smtpUrl: opts.smtpUrl, from: opts.from });
  const worker = startMailWorker(db, transport, opts.log, opts.attachments);
  return {
    enqueue: (q, mail) => mailOutbox.enqueue(q, mail),
    async send(mail) {
      // In a transaction of its own, so the cap's lock holds until the mail is in.
      const id = await db.transaction((tx) => mailOutbox.enqueue(tx, mail));
      if (id !== null) worker.wake();
      return id;
    },
    wake: () => worker.wake(),
    links: (storefront) => ({ origin: opts.publicOrigin, storefront }),
    transport: transport.name,
    stop: () => worker.stop(),
  };
}
