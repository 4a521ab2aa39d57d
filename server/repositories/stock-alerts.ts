import type { Database, Queryable } from '../db/types';
import type { StockAlertState } from '../schemas/alerts';

/** A back-in-stock alert with its version's names; `state` reads an alert past its window as expired. */
export interface StockAlertRow {
  id: string;
  user_id: number;
  url_local: string;
  commodity_id: string;
  local: string;
  product_id: string;
  name: string;
  spec: string;
  state: StockAlertState;
  created_at: Date;
  expires_at: Date;
  closed_at: Date | null;
}

/** An alert being told: its row and where to tell it. */
export interface StockAlertToTell extends StockAlertRow {
  email: string;
}

export type StockAlertRequest =
  | { ok: true; alert: StockAlertRow; created: boolean }
  /** not_sold: the country does not sell the version (no offer, or off sale); in_stock: it can be ordered now. */
  | { ok: false; reason: 'not_sold' | 'in_stock' | 'limit' };

const SPEC = `trim(both ' ·' FROM c.first_spec_value || ' · ' || c.second_spec_value)`;
const COLUMNS = `a.id::text AS id, a.user_id, a.url_local, a.commodity_id, a.local, c.product_id, p.name,
  ${SPEC} AS spec,
  CASE WHEN a.state = 'waiting' AND a.expires_at <= now() THEN 'expired' ELSE a.state END AS state,
  a.created_at, a.expires_at,
  CASE WHEN a.state = 'waiting' AND a.expires_at <= now() THEN a.expires_at ELSE a.closed_at END AS closed_at`;
const FROM = `stock_alerts a JOIN commodities c ON c.commodity_id = a.commodity_id
  JOIN products p ON p.id = c.product_id`;

/**
 * Back-in-stock alerts: a signed-in shopper's request to be told, once, when a sold-out version of a country can be
 * ordered again within the follow-up window. One waiting alert per shopper and version (a unique index); the
 * account's count of waiting alerts is checked under the account's lock, so parallel requests never pass it. Telling
 * is a conditional change of state, so an alert is told once however many restocks and processes race.
 */
export function stockAlertsRepository(db: Database) {
  const byId = async (q: Queryable, id: string) =>
    (await q.query<StockAlertRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [id]))[0] ?? null;

  return {
    /** A new waiting alert, or the one the shopper already has for the version. */
    async request(ask: {
      userId: number;
      urlLocal: string;
      local: string;
      commodityId: string;
      followUpDays: number;
      max: number;
    }): Promise<StockAlertRequest> {
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('stock-alerts'), $1::int)`, [ask.userId]);
        const offer = (
          await tx.query<{ stock: number; on_sale: boolean }>(
            `SELECT stock, on_sale FROM offers WHERE commodity_id = $1 AND local = $2`,
            [ask.commodityId, ask.local],
          )
        )[0];
        if (!offer?.on_sale) return { ok: false, reason: 'not_sold' } as const;
        if (Number(offer.stock) > 0) return { ok: false, reason: 'in_stock' } as const;
        // A waiting alert past its window is expired now, so a new one can take its place.
        await tx.query(
          `UPDATE stock_alerts SET state = 'expired', closed_at = expires_at
           WHERE user_id = $1 AND state = 'waiting' AND expires_at <= now()`,
          [ask.userId],
        );
        const existing = (
          await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM stock_alerts
             WHERE user_id = $1 AND commodity_id = $2 AND local = $3 AND state = 'waiting'`,
            [ask.userId, ask.commodityId, ask.local],
          )
        )[0];
        if (existing) return { ok: true, alert: (await byId(tx, existing.id))!, created: false } as const;
        const waiting = (
          await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM stock_alerts WHERE user_id = $1 AND state = 'waiting'`,
            [ask.userId],
          )
        )[0]!.n;
        if (waiting >= ask.max) return { ok: false, reason: 'limit' } as const;
        const id = (
          await tx.query<{ id: string }>(
            `INSERT INTO stock_alerts (user_id, url_local, commodity_id, local, expires_at)
             VALUES ($1, $2, $3, $4, now() + make_interval(days => $5)) RETURNING id::text AS id`,
            [ask.userId, ask.urlLocal, ask.commodityId, ask.local, ask.followUpDays],
          )
        )[0]!.id;
        return { ok: true, alert: (await byId(tx, id))!, created: true } as const;
      });
    },

    /** The shopper's alerts, newest first (of one product when given). */
    async list(userId: number, productId?: string): Promise<StockAlertRow[]> {
      return db.query<StockAlertRow>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE a.user_id = $1 AND ($2::text IS NULL OR c.product_id = $2)
         ORDER BY a.id DESC LIMIT 200`,
        [userId, productId ?? null],
      );
    },

    /**
     * Cancels the shopper's waiting alert; one already closed stays as it is. Null when the id is not the shopper's.
     */
    async cancel(userId: number, id: string): Promise<StockAlertState | null> {
      return db.transaction(async (tx) => {
        await tx.query(
          `UPDATE stock_alerts SET state = 'cancelled', closed_at = now()
           WHERE id = $1 AND user_id = $2 AND state = 'waiting' AND expires_at > now()`,
          [id, userId],
        );
        const row = (
          await tx.query<{ state: StockAlertState }>(
            `SELECT CASE WHEN state = 'waiting' AND expires_at <= now() THEN 'expired' ELSE state END AS state
             FROM stock_alerts WHERE id = $1 AND user_id = $2`,
            [id, userId],
          )
        )[0];
        return row?.state ?? null;
      });
    },

    /**
     * Tells up to `limit` waiting alerts whose version can be ordered now (in stock, on sale) and whose window has not
     * passed, of one offer when given: each changes to notified in the transaction `tell` runs in (the message and
     * the mail), so it is told exactly once. Alerts another process is telling are skipped. Answers how many.
     */
    async tellBack(
      offer: { local: string; commodityId: string } | null,
      limit: number,
      tell: (tx: Queryable, alert: StockAlertToTell) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<StockAlertToTell>(
          `UPDATE stock_alerts SET state = 'notified', closed_at = now()
           WHERE id IN (
             SELECT a.id FROM stock_alerts a
             JOIN offers o ON o.commodity_id = a.commodity_id AND o.local = a.local
             WHERE a.state = 'waiting' AND a.expires_at > now() AND o.stock > 0 AND o.on_sale
               AND ($1::text IS NULL OR (a.local = $1 AND a.commodity_id = $2))
             ORDER BY a.id LIMIT $3 FOR UPDATE OF a SKIP LOCKED)
           RETURNING id::text AS id`,
          [offer?.local ?? null, offer?.commodityId ?? null, limit],
        );
        if (rows.length === 0) return 0;
        const told = await tx.query<StockAlertToTell>(
          `SELECT ${COLUMNS}, u.email FROM ${FROM} JOIN users u ON u.id = a.user_id WHERE a.id = ANY($1::bigint[])
           ORDER BY a.id`,
          [rows.map((r) => r.id)],
        );
        for (const alert of told) await tell(tx, alert);
        return told.length;
      });
    },

    /** Waiting alerts past their window become expired (nobody is told); closed ones past keeping go. */
    async expireAndPrune(keptDays: number): Promise<void> {
      await db.query(
        `UPDATE stock_alerts SET state = 'expired', closed_at = expires_at
         WHERE state = 'waiting' AND expires_at <= now()`,
      );
      await db.query(
        `DELETE FROM stock_alerts WHERE state <> 'waiting' AND closed_at < now() - make_interval(days => $1)`,
        [keptDays],
      );
    },

    /** Versions of a country with shoppers waiting, most waited for first (the staff's view). */
    async demand(local: string) {
      const rows = await db.query<{
        commodity_id: string;
        product_id: string;
        name: string;
        spec: string;
        stock: number;
        on_sale: boolean;
        waiting: number;
        oldest_at: Date;
      }>(
        `SELECT a.commodity_id, c.product_id, p.name, ${SPEC} AS spec, o.stock, o.on_sale, count(*)::int AS waiting,
                min(a.created_at) AS oldest_at
         FROM ${FROM} JOIN offers o ON o.commodity_id = a.commodity_id AND o.local = a.local
         WHERE a.local = $1 AND a.state = 'waiting' AND a.expires_at > now()
         GROUP BY a.commodity_id, c.product_id, p.name, c.first_spec_value, c.second_spec_value, o.stock, o.on_sale
         ORDER BY waiting DESC, oldest_at LIMIT 100`,
        [local],
      );
      return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
    },
  };
}
export type StockAlertsRepository = ReturnType<typeof stockAlertsRepository>;
