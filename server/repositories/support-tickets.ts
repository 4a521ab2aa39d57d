import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { priorityMemberSql } from './priority-club';
import {
  afterCustomerReply,
  afterStaffReply,
  canReopen,
  COMPLETED,
  CONFIRM_LINK_HOURS,
  ESCALATION_AFTER_HOURS,
  feedbackStatus,
  MAX_ESCALATION,
  STAFF_NEXT,
  VISIBLE_MONTHS,
  type TicketKind,
  type TicketStatus,
} from '../support/ticket-rules';

export interface TicketRow {
  id: string;
  local: string;
  url_local: string;
  user_id: number | null;
  kind: TicketKind;
  request_type: string;
  name: string;
  email: string;
  order_id: string | null;
  status: TicketStatus;
  escalation_level: number;
  feedback: 'resolved' | 'not_solved' | null;
  feedback_at: Date | null;
  last_customer_at: Date;
  last_staff_at: Date | null;
  first_response_at: Date | null;
  due_at: Date | null;
  escalated_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The first message (what the customer asked), for lists. */
  summary: string;
  message_count: number;
  /** The customer is in the priority club (owns a premium device): staff answer them first. */
  priority: boolean;
}

export interface TicketMessageRow {
  id: string;
  author: 'customer' | 'staff';
  body: string;
  created_at: Date;
}

export interface NewTicket {
  local: string;
  urlLocal: string;
  userId: number | null;
  kind: TicketKind;
  requestType: string;
  name: string;
  email: string;
  orderId: string | null;
  text: string;
  /** Hours until the response deadline (grievances), or null. */
  dueHours: number | null;
}

/** An offline form's request waiting for its address to confirm: a ticket of kind 'ticket' without a deadline. */
export type PendingTicket = Omit<NewTicket, 'kind' | 'dueHours'>;

export type TicketResult = { ok: true; ticket: TicketRow } | { ok: false; reason: 'not_found' | 'state' };

const COLUMNS = `t.id::text AS id, t.local, t.url_local, t.user_id, t.kind, t.request_type, t.name, t.email, t.order_id,
  t.status, t.escalation_level,
  t.feedback, t.feedback_at, t.last_customer_at, t.last_staff_at, t.first_response_at, t.due_at, t.escalated_at,
  t.completed_at, t.created_at, t.updated_at,
  coalesce((SELECT m.body FROM support_ticket_messages m WHERE m.ticket_id = t.id ORDER BY m.id LIMIT 1),
  '') AS summary,
  (SELECT count(*)::int FROM support_ticket_messages m WHERE m.ticket_id = t.id) AS message_count,
  ${priorityMemberSql('t.user_id')} AS priority`;
/** Completed tickets are shown to their customer for VISIBLE_MONTHS. */
const VISIBLE = `(t.completed_at IS NULL OR t.completed_at > now() - interval '${VISIBLE_MONTHS} months')`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Support tickets and grievances: created by the offline form (visitors and users, once the address confirms
 * through the mailed link, so nobody can open tickets under someone else's address) or a signed-in user's complaint,
 * answered by staff; the thread, the customer's feedback and the escalation of unanswered grievances. Writes take
 * the caller's transaction so the message or mail that tells of them is written with them.
 */
export function supportTicketsRepository(db: Database) {
  async function one(q: Queryable, where: string, params: unknown[]): Promise<TicketRow | null> {
    return (await q.query<TicketRow>(`SELECT ${COLUMNS} FROM support_tickets t WHERE ${where}`, params))[0] ?? null;
  }
  /** Locks the ticket row for a change (parallel replies and status changes apply one after another). */
  async function locked(q: Queryable, id: string): Promise<{ status: TicketStatus } | null> {
    return (
      (
        await q.query<{ status: TicketStatus }>(`SELECT status FROM support_tickets WHERE id = $1::bigint FOR UPDATE`, [
          id,
        ])
      )[0] ?? null
    );
  }
  async function setStatus(q: Queryable, id: string, status: TicketStatus, extra = ''): Promise<void> {
    await q.query(
      `UPDATE support_tickets SET status = $2, updated_at = now(),
         completed_at = CASE WHEN $2 = ANY($3::text[]) THEN coalesce(completed_at, now()) ELSE NULL END ${extra}
       WHERE id = $1::bigint`,
      [id, status, COMPLETED],
    );
  }

  const repo = {
    /** A random link token for the ticket (only its hash is stored); every mail about the ticket gets its own. */
    async issueToken(q: Queryable, ticketId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await q.query(`INSERT INTO support_ticket_tokens (token_hash, ticket_id) VALUES ($1, $2::bigint)`, [
        hashToken(token),
        ticketId,
      ]);
      return token;
    },

    /** Creates a ticket with its first message; returns it with a link token. */
    async create(q: Queryable, t: NewTicket): Promise<{ ticket: TicketRow; token: string }> {
      const row = (
        await q.query<{ id: string }>(
          `INSERT INTO support_tickets (local, url_local, user_id, kind, request_type, name, email, order_id, status,
             due_at)
           VALUES ($1, $2, $3, $4, $5, $6, lower($7), $8, 'open',
             CASE WHEN $9::int IS NULL THEN NULL ELSE now() + make_interval(hours => $9::int) END)
           RETURNING id::text AS id`,
          [t.local, t.urlLocal, t.userId, t.kind, t.requestType, t.name, t.email, t.orderId, t.dueHours],
        )
      )[0]!;
      await q.query(
        `INSERT INTO support_ticket_messages (ticket_id, author, body) VALUES ($1::bigint, 'customer', $2)`,
        [row.id, t.text],
      );
      const token = await repo.issueToken(q, row.id);
      return { ticket: (await one(q, 't.id = $1::bigint', [row.id]))!, token };
    },

    /**
     * Holds an offline form's request until its address confirms, in the caller's transaction. `send` queues the
     * confirmation mail with the link's token and says whether it was queued (mails are capped per address and
     * hour); the request is kept only then, and only the token's hash. Requests to one address are taken one at a
     * time, so parallel forms cannot pass the cap together.
     */
    async holdRequest(q: Queryable, r: PendingTicket, send: (token: string) => Promise<boolean>): Promise<boolean> {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext('ticket-confirm'), hashtext(lower($1)))`, [r.email]);
      const token = randomBytes(32).toString('base64url');
      if (!(await send(token))) return false;
      await q.query(
        `INSERT INTO support_ticket_requests (token_hash, local, url_local, user_id, request_type, name, email,
           order_id, body, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, lower($7), $8, $9, now() + make_interval(hours => $10::int))`,
        [
          hashToken(token),
          r.local,
          r.urlLocal,
          r.userId,
          r.requestType,
          r.name,
          r.email,
          r.orderId,
          r.text,
          CONFIRM_LINK_HOURS,
        ],
      );
      return true;
    },

    /**
     * Opens the ticket of a held request whose link was followed (in the link's country, before it expires), with a
     * link token for the page; null for a used, expired or unknown token. The token is used in one conditional
     * update, so a link followed several times at once opens one ticket.
     */
    async confirmRequest(
      q: Queryable,
      token: string,
      local: string,
    ): Promise<{ ticket: TicketRow; token: string; text: string } | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const held = (
        await q.query<{
          local: string;
          url_local: string;
          user_id: number | null;
          request_type: string;
          name: string;
          email: string;
          order_id: string | null;
          body: string;
        }>(
          `UPDATE support_ticket_requests SET confirmed_at = now()
           WHERE token_hash = $1 AND local = $2 AND confirmed_at IS NULL AND expires_at > now()
           RETURNING local, url_local, user_id, request_type, name, email, order_id, body`,
          [hashToken(token), local],
        )
      )[0];
      if (!held) return null;
      const created = await repo.create(q, {
        local: held.local,
        urlLocal: held.url_local,
        userId: held.user_id,
        kind: 'ticket',
        requestType: held.request_type,
        name: held.name,
        email: held.email,
        orderId: held.order_id,
        text: held.body,
        dueHours: null,
      });
      await q.query(`UPDATE support_ticket_requests SET ticket_id = $2::bigint WHERE token_hash = $1`, [
        hashToken(token),
        created.ticket.id,
      ]);
      return { ...created, text: held.body };
    },

    /** Requests a day past their link's expiry go (a confirmed one lives on as its ticket). */
    async pruneRequests(): Promise<void> {
      await db.query(`DELETE FROM support_ticket_requests WHERE expires_at < now() - interval '1 day'`);
    },

    /** The ticket a mail link's token opens (in its country, while it is shown), or null. */
    async byToken(token: string, local: string): Promise<TicketRow | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      return one(
        db,
        `t.id = (SELECT ticket_id FROM support_ticket_tokens WHERE token_hash = $1) AND t.local = $2 AND ${VISIBLE}`,
        [hashToken(token), local],
      );
    },

    /** A ticket of the user (in its country, while it is shown), or null. */
    async ofUser(userId: number, local: string, id: string): Promise<TicketRow | null> {
      return one(db, `t.id = $1::bigint AND t.user_id = $2 AND t.local = $3 AND ${VISIBLE}`, [id, userId, local]);
    },

    /**
     * The user's tickets (or grievances) in a country, newest first (by time: ids are not in creation order); completed
     * ones for 3 months.
     */
    async listOfUser(userId: number, local: string, kind: TicketKind | null): Promise<TicketRow[]> {
      return db.query<TicketRow>(
        `SELECT ${COLUMNS} FROM support_tickets t WHERE t.user_id = $1 AND t.local = $2 AND ($3::text IS NULL
           OR t.kind = $3) AND ${VISIBLE} ORDER BY t.created_at DESC, t.id DESC LIMIT 100`,
        [userId, local, kind],
      );
    },

    async messages(ticketId: string): Promise<TicketMessageRow[]> {
      return db.query<TicketMessageRow>(
        `SELECT id::text AS id, author, body, created_at FROM support_ticket_messages WHERE ticket_id = $1::bigint
         ORDER BY id`,
        [ticketId],
      );
    },

    /** The customer writes in the thread; on a resolved or not-solved ticket that reopens it. */
    async customerReply(q: Queryable, id: string, text: string): Promise<TicketResult> {
      const row = await locked(q, id);
      if (!row) return { ok: false, reason: 'not_found' };
      const next = afterCustomerReply(row.status);
      if (!next) return { ok: false, reason: 'state' };
      await q.query(
        `INSERT INTO support_ticket_messages (ticket_id, author, body) VALUES ($1::bigint, 'customer', $2)`,
        [id, text],
      );
      await setStatus(
        q,
        id,
        next,
        `, last_customer_at = now()${next === 'reopened' ? ', feedback = NULL, feedback_at = NULL' : ''}`,
      );
      return { ok: true, ticket: (await one(q, 't.id = $1::bigint', [id]))! };
    },

    async reopen(q: Queryable, id: string): Promise<TicketResult> {
      const row = await locked(q, id);
      if (!row) return { ok: false, reason: 'not_found' };
      if (!canReopen(row.status)) return { ok: false, reason: 'state' };
      await setStatus(q, id, 'reopened', `, last_customer_at = now(), feedback = NULL, feedback_at = NULL`);
      return { ok: true, ticket: (await one(q, 't.id = $1::bigint', [id]))! };
    },

    /** The customer's feedback on a resolved ticket: resolved → closed, not solved → not_solved. */
    async feedback(q: Queryable, id: string, resolved: boolean): Promise<TicketResult> {
      const row = await locked(q, id);
      if (!row) return { ok: false, reason: 'not_found' };
      const next = feedbackStatus(row.status, resolved);
      if (!next) return { ok: false, reason: 'state' };
      // The value is one of two constants, never input.
      await setStatus(
        q,
        id,
        next,
        resolved ? `, feedback = 'resolved', feedback_at = now()` : `, feedback = 'not_solved', feedback_at = now()`,
      );
      return { ok: true, ticket: (await one(q, 't.id = $1::bigint', [id]))! };
    },

    /**
     * Staff's queue of a country: by status (or every open one), kind and a search in number, name or email; the
     * priority club's customers first, then by escalation and newest.
     */
    async staffList(
      local: string,
      filter: { status: TicketStatus | 'active' | 'all'; kind: TicketKind | null; q: string | null },
    ): Promise<TicketRow[]> {
      const q = filter.q?.trim() || null;
      return db.query<TicketRow>(
        `SELECT ${COLUMNS} FROM support_tickets t
         WHERE t.local = $1
           AND ($2 = 'all' OR ($2 = 'active' AND t.status IN ('open', 'in_progress', 'reopened',
           'not_solved')) OR t.status = $2)
           AND ($3::text IS NULL OR t.kind = $3)
           AND ($4::text IS NULL OR t.id::text = ltrim(upper($4),
           'T') OR t.email = lower($4) OR t.name ILIKE '%' || $4 || '%')
         ORDER BY priority DESC, t.escalation_level DESC, t.created_at DESC, t.id DESC LIMIT 200`,
        [local, filter.status, filter.kind, q],
      );
    },

    async staffGet(local: string, id: string): Promise<TicketRow | null> {
      return one(db, 't.id = $1::bigint AND t.local = $2', [id, local]);
    },

    /** Staff answer: the thread gets it, a waiting ticket goes in progress, the customer no longer waits. */
    async staffReply(q: Queryable, staffUserId: number, id: string, text: string): Promise<TicketResult> {
      const row = await locked(q, id);
      if (!row) return { ok: false, reason: 'not_found' };
      const next = afterStaffReply(row.status);
      if (!next) return { ok: false, reason: 'state' };
      await q.query(
        `INSERT INTO support_ticket_messages (ticket_id, author, staff_user_id, body)
         VALUES ($1::bigint, 'staff', $2, $3)`,
        [id, staffUserId, text],
      );
      await setStatus(q, id, next, `, last_staff_at = now(), first_response_at = coalesce(first_response_at, now())`);
      return { ok: true, ticket: (await one(q, 't.id = $1::bigint', [id]))! };
    },

    /** Staff move a ticket (STAFF_NEXT) and/or set its escalation level. */
    async staffUpdate(
      q: Queryable,
      id: string,
      change: { status?: TicketStatus; escalationLevel?: number },
    ): Promise<TicketResult & { statusChanged?: boolean }> {
      const row = await locked(q, id);
      if (!row) return { ok: false, reason: 'not_found' };
      let statusChanged = false;
      if (change.status !== undefined && change.status !== row.status) {
        if (!STAFF_NEXT[row.status].includes(change.status)) return { ok: false, reason: 'state' };
        await setStatus(q, id, change.status);
        statusChanged = true;
      }
      if (change.escalationLevel !== undefined)
        await q.query(
          `UPDATE support_tickets SET escalation_level = $2,
             escalated_at = CASE WHEN $2 > escalation_level THEN now() ELSE escalated_at END, updated_at = now()
           WHERE id = $1::bigint`,
          [id, Math.max(0, Math.min(MAX_ESCALATION, change.escalationLevel))],
        );
      return { ok: true, ticket: (await one(q, 't.id = $1::bigint', [id]))!, statusChanged };
    },

    /**
     * The grievance deadline: a grievance whose customer waits more than 12 hours for staff goes up one level per 12
     * hours waited (at most 3). Idempotent; run by the maintenance job. Returns the ids raised.
     */
    async escalateOverdue(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `UPDATE support_tickets t
         SET escalation_level = least($1::int, floor(extract(epoch FROM
             now() - t.last_customer_at) / ($2::int * 3600))::int),
             escalated_at = now(), updated_at = now()
         WHERE t.kind = 'grievance' AND t.status IN ('open', 'in_progress', 'reopened')
           AND (t.last_staff_at IS NULL OR t.last_staff_at < t.last_customer_at)
           AND t.last_customer_at <= now() - make_interval(hours => $2::int)
           AND t.escalation_level < least($1::int, floor(extract(epoch FROM
           now() - t.last_customer_at) / ($2::int * 3600))::int)
         RETURNING t.id::text AS id`,
        [MAX_ESCALATION, ESCALATION_AFTER_HOURS],
      );
      return rows.map((r) => r.id);
    },
  };
  return repo;
}

export type SupportTicketsRepository = ReturnType<typeof supportTicketsRepository>;
