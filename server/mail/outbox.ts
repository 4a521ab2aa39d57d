import type { Queryable } from '../db/types';
import { mailTopic, type MailTopic } from './topics';

/** A mail ready to queue: who, what kind, and the rendered content. */
export interface OutgoingMail {
  recipient: string;
  kind: string;
  urlLocal: string;
  subject: string;
  text: string;
  html: string;
  /** One mail per cause: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /**
   * Mails anyone can trigger by typing an address (sign-up, reset, newsletter, alerts) are capped per recipient
   * and hour, so the store cannot be used to flood a stranger's inbox.
   */
  perRecipientHourlyCap?: number;
  /**
   * The kinds that share that allowance (one purpose, e.g. a sign-up link and its "you already have an account");
   * only this mail's own kind when absent. Other kinds never use it up, so a flood of one kind silences no other.
   */
  capKinds?: readonly string[];
  /**
   * What the mail is about, for the recipient's notification preferences (mail/topics.ts): 'order', 'service',
   * 'ticket' and 'review' mails are not queued for an account that switched that kind of mail off; 'marketing'
   * only for an address with a confirmed newsletter subscription; 'security' always. Derived from `kind` when absent.
   */
  topic?: MailTopic;
  /** Files sent with the mail, as references the sender resolves when it sends (never the bytes in the row). */
  attachments?: readonly MailAttachmentRef[];
}

/** A file of a mail: what produces it (`kind` names a resolver, e.g. 'invoice'), its id there, its file name. */
export interface MailAttachmentRef {
  kind: string;
  ref: string;
  filename: string;
}

export interface OutboxRow {
  id: number;
  recipient: string;
  kind: string;
  url_local: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  attempts: number;
  sent_at: Date | null;
  transport: string | null;
  last_error: string | null;
  attachments: MailAttachmentRef[];
}

const COLUMNS =
  'id::int AS id, recipient, kind, url_local, subject, text_body, html_body, created_at, attempts, ' +
  'sent_at, transport, last_error, attachments';
/** After this many failed tries a mail stays unsent and shows its last error in the mailbox. */
export const MAX_ATTEMPTS = 8;

/** The mail outbox: queued in the caller's transaction, claimed and marked by the worker. */
export const mailOutbox = {
  /**
   * Queues a mail with `q` (pass the transaction of what caused it); returns its id, or null when capped, a
   * duplicate, or of a topic the recipient does not want (their notification preferences, their newsletter state).
   * A capped mail takes a lock on its recipient until `q` commits, so parallel requests cannot pass the cap together
   * (outside a transaction the lock ends with the statement, and the cap may be passed by a few).
   */
  async enqueue(q: Queryable, mail: OutgoingMail): Promise<number | null> {
    const topic = mail.topic ?? mailTopic(mail.kind);
    const recipient = mail.recipient.toLowerCase();
    if (mail.perRecipientHourlyCap !== undefined)
      await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`mail-cap:${recipient}`]);
    const rows = await q.query<{ id: number }>(
      `INSERT INTO mail_outbox (recipient, kind, url_local, subject, text_body, html_body, dedupe_key, attachments)
       SELECT $1, $2, $3, $4, $5, $6, $7, $11::jsonb
       WHERE ($8::int IS NULL
          OR (SELECT count(*) FROM mail_outbox WHERE recipient = $1 AND kind = ANY($10::text[])
           AND created_at > now() - interval '1 hour') < $8::int)
         AND NOT EXISTS (SELECT 1 FROM notification_prefs p JOIN users u ON u.id = p.user_id WHERE u.email = $1
           AND p.kind = $9 AND NOT p.mail)
         AND ($9 <> 'marketing' OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.email = $1
           AND s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL))
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id::int AS id`,
      [
        recipient,
        mail.kind,
        mail.urlLocal,
        mail.subject,
        mail.text,
        mail.html,
        mail.dedupeKey ?? null,
        mail.perRecipientHourlyCap ?? null,
        topic,
        mail.capKinds ?? [mail.kind],
        JSON.stringify(mail.attachments ?? []),
      ],
    );
    return rows[0]?.id ?? null;
  },

  /**
   * Claims up to `limit` due mails for this worker: each is leased for five minutes, so a crashed worker's mail is
   * retried.
   */
  async claim(q: Queryable, limit = 20): Promise<OutboxRow[]> {
    return q.query<OutboxRow>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
       WHERE id IN (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $2
                    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}`,
      [limit, MAX_ATTEMPTS],
    );
  },

  async markSent(q: Queryable, id: number, transport: string): Promise<void> {
    await q.query(`UPDATE mail_outbox SET sent_at = now(), transport = $2, last_error = NULL WHERE id = $1`, [
      id,
      transport,
    ]);
  },

  /** Schedules a retry with exponential backoff (30 s, 1 min, 2 min, … capped at an hour). */
  async markFailed(q: Queryable, id: number, error: string): Promise<void> {
    await q.query(
      `UPDATE mail_outbox SET last_error = $2,
         next_attempt_at = now() + make_interval(secs => least(3600, 30 * power(2, greatest(attempts - 1, 0))))
       WHERE id = $1`,
      [id, error.slice(0, 500)],
    );
  },

  /** The newest mails, optionally for one recipient (the local mailbox page). */
  async list(q: Queryable, opts: { recipient?: string; limit?: number } = {}): Promise<OutboxRow[]> {
    return q.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM mail_outbox WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2`,
      [opts.recipient?.toLowerCase() ?? null, opts.limit ?? 100],
    );
  },

  async get(q: Queryable, id: number): Promise<OutboxRow | null> {
    const rows = await q.query<OutboxRow>(`SELECT ${COLUMNS} FROM mail_outbox WHERE id = $1`, [id]);
    return rows[0] ?? null;
  },

  /** Sent mails older than 90 days are dropped: the outbox is a queue, not an archive. */
  async prune(q: Queryable): Promise<void> {
    await q.query(`DELETE FROM mail_outbox WHERE sent_at < now() - interval '90 days'`);
  },
};
