import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';

export interface ChatMessage {
  id: number;
  sender: 'user' | 'agent';
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
    async post(conversationId: string, sender: 'user' | 'agent', body: string): Promise<ChatMessage> {
      const rows = await db.query<ChatMessage>(
        `WITH m AS (INSERT INTO chat_messages (conversation_id, sender, body) VALUES ($1, $2, $3) RETURNING id, sender, body, created_at)
         SELECT m.id::int AS id, m.sender, m.body, m.created_at, pg_notify('${CHAT_CHANNEL}', $1::text) IS NULL AS _ FROM m`,
        [conversationId, sender, body],
      );
      const { _: _unused, ...message } = rows[0]! as ChatMessage & { _: boolean };
      return message;
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
