import type { Database, Queryable } from '../db/types';
import type { SaleKind, SaleReminderState } from '../schemas/alerts';

/** A sale reminder with its sale's window as it is now. */
export interface SaleReminderRow {
  id: string;
  user_id: number;
  url_local: string;
  sale_kind: SaleKind;
  sale_id: string;
  product_id: string;
  product_name: string;
  /** The coupon's title; null for a pre-sale (named after its product). */
  title: string | null;
  state: SaleReminderState;
  starts_at: Date;
  /** When it goes out: the start less the lead, or its creation when that had passed. */
  remind_at: Date;
  created_at: Date;
  closed_at: Date | null;
}

export interface SaleReminderToSend extends SaleReminderRow {
  email: string;
}

export type SaleReminderRequest =
  | { ok: true; reminder: SaleReminderRow; created: boolean }
  /**
   * unknown: no such sale in the country, or not of this product; started: its start has come (or it was withdrawn).
   */
  | { ok: false; reason: 'unknown' | 'started' | 'limit' };

const COLUMNS = `r.id::text AS id, r.user_id, r.url_local, r.sale_kind, r.sale_id, r.product_id, p.name AS product_name,
  s.title, r.state, s.starts_at,
  greatest(s.starts_at - make_interval(mins => $LEAD), r.created_at) AS remind_at, r.created_at, r.closed_at`;
const FROM = `sale_reminders r JOIN sale_windows s ON s.sale_kind = r.sale_kind AND s.sale_id = r.sale_id
  JOIN products p ON p.id = r.product_id`;
/** A reminder is due from its start less the lead; one whose sale was withdrawn (an end not after its start) too. */
const DUE = `(s.starts_at - make_interval(mins => $LEAD) <= now() OR s.ends_at <= s.starts_at)`;

const withLead = (sql: string, param: number) => sql.replaceAll('$LEAD', `$${param}::int`);

/**
 * Reminders before a sale starts: a signed-in shopper's request to be told shortly before a pre-sale's deposit window
 * or a coupon campaign opens. One waiting reminder per shopper and sale (a unique index); the account's count is
 * checked under its lock. The sale's window is read when a reminder is due, so a moved start moves the reminder;
 * sending is a conditional change of state, so each goes once, before the start, or never (missed).
 */
export function saleRemindersRepository(db: Database) {
  const byId = async (q: Queryable, id: string, lead: number) =>
    (await q.query<SaleReminderRow>(withLead(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, 2), [id, lead]))[0] ??
    null;

  return {
    /** A new waiting reminder, or the one the shopper has for the sale already. */
    async request(ask: {
      userId: number;
      urlLocal: string;
      local: string;
      saleKind: SaleKind;
      /** A coupon's id; a pre-sale is found by its product. */
      saleId: string | null;
      productId: string;
      leadMinutes: number;
      max: number;
    }): Promise<SaleReminderRequest> {
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('sale-reminders'), $1::int)`, [ask.userId]);
        // The sale of the country; a coupon must apply to the product whose page the reminder is set on.
        const sale = (
          await tx.query<{ sale_id: string; upcoming: boolean }>(
            `SELECT s.sale_id, now() < s.starts_at AND s.starts_at < s.ends_at AS upcoming
             FROM sale_windows s JOIN products p ON p.id = $4
             LEFT JOIN coupons c ON s.sale_kind = 'coupon' AND c.id = s.sale_id
             WHERE s.sale_kind = $1 AND s.local = $2
               AND (($1 = 'presale' AND s.product_id = $4) OR ($1 = 'coupon' AND s.sale_id = $3
                 AND (c.products IS NULL OR $4 = ANY(c.products))
                 AND (c.categories IS NULL OR p.category = ANY(c.categories))))`,
            [ask.saleKind, ask.local, ask.saleId, ask.productId],
          )
        )[0];
        if (!sale) return { ok: false, reason: 'unknown' } as const;
        if (!sale.upcoming) return { ok: false, reason: 'started' } as const;
        const existing = (
          await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM sale_reminders
             WHERE user_id = $1 AND sale_kind = $2 AND sale_id = $3 AND state = 'waiting'`,
            [ask.userId, ask.saleKind, sale.sale_id],
          )
        )[0];
        if (existing) return { ok: true, reminder: (await byId(tx, existing.id, ask.leadMinutes))!, created: false };
        const waiting = (
          await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM sale_reminders WHERE user_id = $1 AND state = 'waiting'`,
            [ask.userId],
          )
        )[0]!.n;
        if (waiting >= ask.max) return { ok: false, reason: 'limit' } as const;
        const id = (
          await tx.query<{ id: string }>(
            `INSERT INTO sale_reminders (user_id, url_local, sale_kind, sale_id, product_id)
             VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`,
            [ask.userId, ask.urlLocal, ask.saleKind, sale.sale_id, ask.productId],
          )
        )[0]!.id;
        return { ok: true, reminder: (await byId(tx, id, ask.leadMinutes))!, created: true } as const;
      });
    },

    /** One reminder of the shopper, or null. */
    async one(userId: number, id: string, leadMinutes: number): Promise<SaleReminderRow | null> {
      const row = await byId(db, id, leadMinutes);
      return row?.user_id === userId ? row : null;
    },

    /** The shopper's reminders, newest first (of one product when given). */
    async list(userId: number, leadMinutes: number, productId?: string): Promise<SaleReminderRow[]> {
      return db.query<SaleReminderRow>(
        withLead(
          `SELECT ${COLUMNS} FROM ${FROM} WHERE r.user_id = $1 AND ($2::text IS NULL OR r.product_id = $2)
           ORDER BY r.id DESC LIMIT 200`,
          3,
        ),
        [userId, productId ?? null, leadMinutes],
      );
    },

    /** Cancels the shopper's waiting reminder; one already closed stays as it is. Null when it is not theirs. */
    async cancel(userId: number, id: string): Promise<SaleReminderState | null> {
      return (
        (
          await db.query<{ state: SaleReminderState }>(
            `WITH cancelled AS (
               UPDATE sale_reminders SET state = 'cancelled', closed_at = now()
               WHERE id = $1 AND user_id = $2 AND state = 'waiting' RETURNING state)
             SELECT state FROM cancelled UNION ALL
             SELECT state FROM sale_reminders WHERE id = $1 AND user_id = $2 AND NOT EXISTS (SELECT 1 FROM cancelled)`,
            [id, userId],
          )
        )[0]?.state ?? null
      );
    },

    /**
     * Sends up to `limit` due reminders (of one sale when given): before the start each becomes sent in the
     * transaction `send` runs in (the message and the mail); at or after the start, or for a withdrawn sale, missed,
     * and nobody is told. Reminders another process is sending are skipped. Answers how many were closed.
     */
    async sendDue(
      leadMinutes: number,
      sale: { kind: SaleKind; id: string } | null,
      limit: number,
      send: (tx: Queryable, reminder: SaleReminderToSend) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const closed = await tx.query<{ id: string; state: SaleReminderState }>(
          withLead(
            `UPDATE sale_reminders r
             SET state = CASE WHEN now() < s.starts_at AND s.starts_at < s.ends_at THEN 'sent' ELSE 'missed' END,
                 closed_at = now()
             FROM sale_windows s
             WHERE s.sale_kind = r.sale_kind AND s.sale_id = r.sale_id AND r.id IN (
               SELECT r2.id FROM sale_reminders r2
               WHERE r2.state = 'waiting' AND ($1::text IS NULL OR (r2.sale_kind = $1 AND r2.sale_id = $2))
                 AND EXISTS (SELECT 1 FROM sale_windows s WHERE s.sale_kind = r2.sale_kind AND s.sale_id = r2.sale_id
                   AND ${DUE})
               ORDER BY r2.id LIMIT $3 FOR UPDATE SKIP LOCKED)
             RETURNING r.id::text AS id, r.state`,
            4,
          ),
          [sale?.kind ?? null, sale?.id ?? null, limit, leadMinutes],
        );
        const sent = closed.filter((r) => r.state === 'sent').map((r) => r.id);
        if (sent.length > 0) {
          const rows = await tx.query<SaleReminderToSend>(
            withLead(
              `SELECT ${COLUMNS}, u.email FROM ${FROM} JOIN users u ON u.id = r.user_id WHERE r.id = ANY($1::bigint[])
               ORDER BY r.id`,
              2,
            ),
            [sent, leadMinutes],
          );
          for (const reminder of rows) await send(tx, reminder);
        }
        return closed.length;
      });
    },

    /** When the waiting reminders of a sale are due next (its start less the lead), or null when none waits. */
    async nextDue(sale: { kind: SaleKind; id: string }, leadMinutes: number): Promise<Date | null> {
      const row = (
        await db.query<{ due: Date | null }>(
          `SELECT min(s.starts_at - make_interval(mins => $3::int)) AS due FROM sale_reminders r
           JOIN sale_windows s ON s.sale_kind = r.sale_kind AND s.sale_id = r.sale_id
           WHERE r.state = 'waiting' AND r.sale_kind = $1 AND r.sale_id = $2`,
          [sale.kind, sale.id, leadMinutes],
        )
      )[0];
      return row?.due ? new Date(row.due) : null;
    },

    /** Closed reminders past keeping go. */
    async prune(keptDays: number): Promise<void> {
      await db.query(
        `DELETE FROM sale_reminders WHERE state <> 'waiting' AND closed_at < now() - make_interval(days => $1)`,
        [keptDays],
      );
    },

    /** Sales of a country with reminders waiting, the soonest first (the staff's view). */
    async demand(local: string) {
      return db.query<{
        sale_kind: SaleKind;
        sale_id: string;
        title: string | null;
        product_name: string;
        starts_at: Date;
        waiting: number;
      }>(
        `SELECT r.sale_kind, r.sale_id, s.title, min(p.name) AS product_name, s.starts_at, count(*)::int AS waiting
         FROM ${FROM} WHERE s.local = $1 AND r.state = 'waiting'
         GROUP BY r.sale_kind, r.sale_id, s.title, s.starts_at ORDER BY s.starts_at, r.sale_id LIMIT 100`,
        [local],
      );
    },
  };
}
export type SaleRemindersRepository = ReturnType<typeof saleRemindersRepository>;
