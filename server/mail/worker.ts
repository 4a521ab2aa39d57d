import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types';
import { mailOutbox } from './outbox';
import type { AttachmentResolver, MailTransport } from './transport';

const POLL_MS = 2000;

/**
 * Sends queued mail. Every process runs one; claims use SKIP LOCKED leases, so two workers never take the same
 * mail, and a mail is marked sent only after the transport accepted it (a crash in between resends it once).
 * `wake()` sends at once instead of at the next poll.
 */
export function startMailWorker(
  db: Queryable,
  transport: MailTransport,
  log: FastifyBaseLogger,
  resolveAttachment: AttachmentResolver = async (ref) => {
    throw new Error(`no resolver for attachments of kind ${ref.kind}`);
  },
): { wake(): void; stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await mailOutbox.claim(db);
      if (batch.length === 0) return;
      for (const mail of batch) {
        try {
          // Resolved at sending time: a failure (a missing file) retries the mail like a refused send.
          const files = await Promise.all(mail.attachments.map(resolveAttachment));
          await transport.send(mail, files);
          await mailOutbox.markSent(db, mail.id, transport.name);
        } catch (err) {
          log.warn({ err, mailId: mail.id }, 'mail not sent; will retry');
          await mailOutbox.markFailed(db, mail.id, err instanceof Error ? err.message : String(err));
        }
      }
      if (stopped) return;
    }
  }

  function run(): void {
    if (stopped || running) return;
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'mail worker failed'))
      .finally(() => {
        running = null;
        schedule();
      });
  }

  function schedule(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, POLL_MS);
    timer.unref();
  }

  schedule();
  return {
    wake() {
      if (timer) clearTimeout(timer);
      queueMicrotask(run);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
