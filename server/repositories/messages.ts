import type { Queryable } from '../db/types';

/** What a message is about (§3 messages): the /user/message tabs and the notification preferences follow it. */
export type MessageKind = 'order' | 'service' | 'ticket' | 'review' | 'system';

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  title: string;
  body: string;
  /** A path of the storefront the message leads to, e.g. '/id/user/order/123/' (never an outside URL). */
  link?: string | null;
}

/**
 * Posts a message to a user's inbox in the caller's transaction (so it exists exactly when what it tells of does).
 * Every feature posts through here; the header count is the unread ones.
 */
export async function postMessageIn(q: Queryable, m: NewMessage): Promise<void> {
  if (m.link && !/^\/[a-z]{2}(-[a-z]{2})?\/[^\s]*$/.test(m.link)) throw new Error(`message link must be a storefront path: ${m.link}`);
  await q.query(`INSERT INTO messages (user_id, kind, title, body, link) VALUES ($1, $2, $3, $4, $5)`, [m.userId, m.kind, m.title.slice(0, 200), m.body.slice(0, 2000), m.link ?? null]);
}
