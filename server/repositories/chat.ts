import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';

export interface ChatMessage {
  id: number;
  /** The shopper, the automatic FAQ agent, or a member of staff. */
  sender: 'user' | 'agent' | 'staff';
  body: string;
  created_at: Date;
}

export type ChatParty = { userId: number } | { visitorId: string };

/** NOTIFY channel of new chat messages; the payload is the conversation id. */
export const CHAT_CHANNEL = 'chat_messages';

/** Support chat: one conversation per user (or visitor) and storefront; messages polled by id. */
export function chatRepository(db: Queryable) {
  return {
    async conversation(urlLocal: string, party: ChatParty): Promise<string> {
      const [column, value] = 'userId' in party ? (['user_id', party.userId] as const) : (['visitor_id', party.visitorId] as const);
      const found = await db.query<{ id: string }>(`SELECT id FROM chat_conversations WHERE url_local = $1 AND ${column} = $2`, [urlLocal, value]);
      if (found[0]) return found[0].id;
      const rows = await db.query<{ id: string }>(
        `INSERT INTO chat_conversations (id, url_local, ${column}) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING id`,
        [randomUUID(), urlLocal, value],
      );
      if (rows[0]) return rows[0].id;
      const again = await db.query<{ id: string }>(`SELECT id FROM chat_conversations WHERE url_local = $1 AND ${column} = $2`, [urlLocal, value]);
      return again[0]!.id;
    },

    /** Stores a message and, in the same statement, notifies every process's streams of its conversation. */
    async post(conversationId: string, sender: ChatMessage['sender'], body: string): Promise<ChatMessage> {
      const rows = await db.query<ChatMessage>(
        `WITH m AS (INSERT INTO chat_messages (conversation_id, sender, body) VALUES ($1, $2, $3) RETURNING id, sender, body, created_at),
              c AS (UPDATE chat_conversations SET last_message_at = now() WHERE id = $1)
         SELECT m.id::int AS id, m.sender, m.body, m.created_at, pg_notify('${CHAT_CHANNEL}', $1::text) IS NULL AS _ FROM m`,
        [conversationId, sender, body],
      );
      const { _: _unused, ...message } = rows[0]! as ChatMessage & { _: boolean };
      return message;
    },

    /** Marks a conversation as waiting for staff (true) or answered/closed (false); returns whether it was waiting. */
    async setNeedsStaff(conversationId: string, waiting: boolean): Promise<boolean> {
      const rows = await db.query<{ was: boolean }>(
        `UPDATE chat_conversations c SET needs_staff = $2 FROM (SELECT needs_staff AS was FROM chat_conversations WHERE id = $1 FOR UPDATE) old WHERE c.id = $1 RETURNING old.was`,
        [conversationId, waiting],
      );
      return rows[0]?.was ?? false;
    },

    /** Conversations for the staff console: those waiting first, then the latest active, with who is chatting. */
    async forStaff(limit = 50) {
      return db.query<{ id: string; url_local: string; needs_staff: boolean; last_message_at: Date | null; who: string; last_body: string | null }>(
        `SELECT c.id::text AS id, c.url_local, c.needs_staff, c.last_message_at, coalesce(u.email, 'visitor') AS who,
                (SELECT body FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) AS last_body
         FROM chat_conversations c LEFT JOIN users u ON u.id = c.user_id
         WHERE c.last_message_at IS NOT NULL AND (c.needs_staff OR c.last_message_at > now() - interval '7 days')
         ORDER BY c.needs_staff DESC, c.last_message_at DESC LIMIT $1`,
        [limit],
      );
    },

    async exists(conversationId: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/.test(conversationId)) return false;
      return (await db.query(`SELECT 1 FROM chat_conversations WHERE id = $1`, [conversationId])).length > 0;
    },

    /** Messages after `afterId`, oldest first (streams read this when notified). */
    async since(conversationId: string, afterId: number, limit = 100): Promise<ChatMessage[]> {
      return db.query<ChatMessage>(
        `SELECT id::int AS id, sender, body, created_at FROM chat_messages WHERE conversation_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        [conversationId, afterId, limit],
      );
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
