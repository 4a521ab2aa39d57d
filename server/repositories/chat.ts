import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types';
import { priorityMemberSql } from './priority-club';

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

/** How long visitors' conversations are kept after their last message, and empty ones after they were made. */
export const VISITOR_CHAT_RETENTION = { idleDays: 30, emptyHours: 24 } as const;

/**
 * The id a visitor's conversation gets when it is made: known before it exists, so a stream opened before the first
 * message can wait on it without writing a row. Derived from the secret visitor id by a one-way hash, so the id
 * (which the visitor sees) tells nothing about the cookie.
 */
export function visitorConversationId(urlLocal: string, visitorId: string): string {
  const h = createHash('sha256').update(`chat-visitor\n${urlLocal}\n${visitorId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80; // version 8: a custom UUID
  h[8] = (h[8]! & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const partyColumn = (party: ChatParty) =>
  'userId' in party ? (['user_id', party.userId] as const) : (['visitor_id', party.visitorId] as const);

/** Support chat: one conversation per user (or visitor) and storefront; messages polled by id. */
export function chatRepository(db: Queryable) {
  async function find(urlLocal: string, party: ChatParty): Promise<string | null> {
    const [column, value] = partyColumn(party);
    return (
      (
        await db.query<{ id: string }>(`SELECT id FROM chat_conversations WHERE url_local = $1 AND ${column} = $2`, [
          urlLocal,
          value,
        ])
      )[0]?.id ?? null
    );
  }

  /** The party's conversation, made now if it has none (a message is about to be posted to it). */
  async function conversation(urlLocal: string, party: ChatParty): Promise<string> {
    const found = await find(urlLocal, party);
    if (found) return found;
    const [column, value] = partyColumn(party);
    const id = 'visitorId' in party ? visitorConversationId(urlLocal, party.visitorId) : randomUUID();
    const rows = await db.query<{ id: string }>(
      `INSERT INTO chat_conversations (id, url_local, ${column}) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
       RETURNING id`,
      [id, urlLocal, value],
    );
    return rows[0]?.id ?? (await find(urlLocal, party))!;
  }

  return {
    conversation,

    /**
     * The conversation a chat stream follows. A visitor without one writes nothing: the stream waits on the id their
     * conversation will get with their first message. (A signed-in user's is made, as there is one per account.)
     */
    async toFollow(urlLocal: string, party: ChatParty): Promise<string> {
      if ('userId' in party) return conversation(urlLocal, party);
      return (await find(urlLocal, party)) ?? visitorConversationId(urlLocal, party.visitorId);
    },

    /**
     * Deletes visitors' conversations (with their messages) whose last message is VISITOR_CHAT_RETENTION.idleDays
     * old, or that got none within emptyHours; signed-in users' stay. (Conversations from before migration 015 have
     * no last_message_at: their latest message counts.) Returns how many went.
     */
    async pruneVisitors(): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM chat_conversations c
           WHERE c.visitor_id IS NOT NULL AND c.created_at < now() - make_interval(hours => $2)
             AND coalesce(c.last_message_at, (SELECT max(m.created_at) FROM chat_messages m WHERE
             m.conversation_id = c.id), '-infinity') < now() - make_interval(days => $1)
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [VISITOR_CHAT_RETENTION.idleDays, VISITOR_CHAT_RETENTION.emptyHours],
      );
      return rows[0]!.n;
    },

    /** Stores a message and, in the same statement, notifies every process's streams of its conversation. */
    async post(conversationId: string, sender: ChatMessage['sender'], body: string): Promise<ChatMessage> {
      const rows = await db.query<ChatMessage>(
        `WITH m AS (INSERT INTO chat_messages (conversation_id, sender, body) VALUES ($1, $2, $3) RETURNING id, sender,
              body, created_at),
              c AS (UPDATE chat_conversations SET last_message_at = now() WHERE id = $1)
         SELECT m.id::int AS id, m.sender, m.body, m.created_at, pg_notify('${CHAT_CHANNEL}', $1::text) IS NULL AS _
         FROM m`,
        [conversationId, sender, body],
      );
      const { _: _unused, ...message } = rows[0]! as ChatMessage & { _: boolean };
      return message;
    },

    /** Marks a conversation as waiting for staff (true) or answered/closed (false); returns whether it was waiting. */
    async setNeedsStaff(conversationId: string, waiting: boolean): Promise<boolean> {
      const rows = await db.query<{ was: boolean }>(
        `UPDATE chat_conversations c SET needs_staff = $2 FROM (SELECT needs_staff AS was FROM chat_conversations
           WHERE id = $1 FOR UPDATE) old WHERE c.id = $1 RETURNING old.was`,
        [conversationId, waiting],
      );
      return rows[0]?.was ?? false;
    },

    /**
     * Conversations for the staff console: those waiting first, the priority club's customers (premium device owners)
     * first among them, then the latest active; with who is chatting.
     */
    async forStaff(limit = 50) {
      return db.query<{
        id: string;
        url_local: string;
        needs_staff: boolean;
        last_message_at: Date | null;
        who: string;
        last_body: string | null;
        priority: boolean;
      }>(
        `SELECT c.id::text AS id, c.url_local, c.needs_staff, c.last_message_at, coalesce(u.email, 'visitor') AS who,
                ${priorityMemberSql('c.user_id')} AS priority,
                (SELECT body FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT
                1) AS last_body
         FROM chat_conversations c LEFT JOIN users u ON u.id = c.user_id
         WHERE c.last_message_at IS NOT NULL AND (c.needs_staff OR c.last_message_at > now() - interval '7 days')
         ORDER BY c.needs_staff DESC, priority DESC, c.last_message_at DESC LIMIT $1`,
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
        `SELECT id::int AS id, sender, body, created_at FROM chat_messages WHERE conversation_id = $1 AND id > $2
         ORDER BY id LIMIT $3`,
        [conversationId, afterId, limit],
      );
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
