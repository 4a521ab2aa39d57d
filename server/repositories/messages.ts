import type { Database, Queryable } from '../db/types';
import { wantsIn } from './notification-prefs';
import { MESSAGE_KINDS, type MessageKind } from '../schemas/account';

export { MESSAGE_KINDS, type MessageKind };

export interface NewMessage {
  userId: number;
  kind: MessageKind;
  title: string;
  body: string;
  /** A path of the storefront the message leads to, e.g. '/id/user/order/123/' (never an outside URL). */
  link?: string | null;
}

export interface MessageRow {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}

/** A storefront path: '/id/…' or '/be-fr/…', no scheme, no host, no whitespace. */
const LINK_PATTERN = /^\/[a-z]{2}(-[a-z]{2})?\/[^\s]*$/;

/**
 * Posts a message to a user's inbox in the caller's transaction (so it exists exactly when what it tells of does).
 * Every feature posts through here; the header count is the unread ones. A user who switched off messages of the
 * kind at /user/notification-preferences gets none (system messages always go in). Returns the new id, or null
 * when the preference kept it out.
 */
export async function postMessageIn(q: Queryable, m: NewMessage): Promise<number | null> {
  if (m.link && !LINK_PATTERN.test(m.link)) throw new Error(`message link must be a storefront path: ${m.link}`);
  if (!(await wantsIn(q, m.userId, 'message', m.kind))) return null;
  const rows = await q.query<{ id: number }>(
    `INSERT INTO messages (user_id, kind, title, body, link) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [m.userId, m.kind, m.title.slice(0, 200), m.body.slice(0, 2000), m.link ?? null],
  );
  return rows[0]!.id;
}

const COLUMNS = 'id, kind, title, body, link, read_at, created_at';
/** Message ids are serial integers; anything else is "not found" before it reaches SQL. */
const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** The inbox of /user/message: every query is scoped to its owner, so another user's id is simply not found. */
export function messagesRepository(db: Database) {
  const unread = async (q: Queryable, userId: number) =>
    (
      await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND read_at IS NULL`, [
        userId,
      ])
    )[0]!.n;

  return {
    unread: (userId: number) => unread(db, userId),

    /**
     * One page of the inbox, newest first, optionally of one kind and/or only unread; with the total and per-kind
     * unread counts.
     */
    async list(userId: number, opts: { kind?: MessageKind; unreadOnly?: boolean; page: number; pageSize: number }) {
      const where = `user_id = $1 AND ($2::text IS NULL OR kind = $2) AND (NOT $3::boolean OR read_at IS NULL)`;
      const params = [userId, opts.kind ?? null, opts.unreadOnly ?? false];
      const [items, total, byKind] = await Promise.all([
        db.query<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`, [
          ...params,
          opts.pageSize,
          (opts.page - 1) * opts.pageSize,
        ]),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE ${where}`, params),
        db.query<{ kind: MessageKind; n: number }>(
          `SELECT kind, count(*)::int AS n FROM messages WHERE user_id = $1 AND read_at IS NULL GROUP BY kind`,
          [userId],
        ),
      ]);
      const unreadByKind = Object.fromEntries(
        MESSAGE_KINDS.map((k) => [k, byKind.find((r) => r.kind === k)?.n ?? 0]),
      ) as Record<MessageKind, number>;
      return {
        items,
        total: total[0]!.n,
        unreadByKind,
        unread: Object.values(unreadByKind).reduce((a, b) => a + b, 0),
      };
    },

    /** One message of the user, or null (unknown, deleted or another user's). */
    async get(userId: number, id: number): Promise<MessageRow | null> {
      if (!validId(id)) return null;
      return (
        (
          await db.query<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE id = $1 AND user_id = $2`, [id, userId])
        )[0] ?? null
      );
    },

    /**
     * Marks one message read (reading it twice changes nothing); null when it is not the user's. Returns the unread
     * count after.
     */
    async markRead(userId: number, id: number): Promise<{ unread: number } | null> {
      if (!validId(id)) return null;
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE messages SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id`,
          [id, userId],
        );
        return rows.length === 0 ? null : { unread: await unread(tx, userId) };
      });
    },

    /** Marks every unread message (of one kind, if given) read in one statement; parallel calls mark each once. */
    async markAllRead(userId: number, kind?: MessageKind): Promise<{ marked: number; unread: number }> {
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE messages SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::text IS NULL
             OR kind = $2) RETURNING id`,
          [userId, kind ?? null],
        );
        return { marked: rows.length, unread: await unread(tx, userId) };
      });
    },

    /** Deletes one message of the user; null when it is not theirs. Returns the unread count after. */
    async remove(userId: number, id: number): Promise<{ unread: number } | null> {
      if (!validId(id)) return null;
      return db.transaction(async (tx) => {
        const rows = await tx.query(`DELETE FROM messages WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
        return rows.length === 0 ? null : { unread: await unread(tx, userId) };
      });
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
