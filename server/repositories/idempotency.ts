import type { Queryable } from '../db/types';

export type IdempotencyClaim =
  | { state: 'new' }
  | { state: 'replay'; status: number; body: string }
  | { state: 'mismatch' }
  | { state: 'in_progress' };

/** A key still in progress after this long belongs to a request that died: the next one may take it over. */
const STALE_SECONDS = 60;

/** Stored idempotency keys and the first answer of each (shared by every process). */
export function idempotencyRepository(db: Queryable) {
  return {
    /** Takes the key for this request, or says what happened to it before. */
    async claim(scope: string, key: string, route: string, requestHash: string): Promise<IdempotencyClaim> {
      const inserted = await db.query(
        `INSERT INTO idempotency_keys (scope, key, route, request_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (scope, key) DO UPDATE SET created_at = now(), request_hash = EXCLUDED.request_hash,
           route = EXCLUDED.route
           WHERE idempotency_keys.completed_at IS NULL AND idempotency_keys.created_at < now() - make_interval(secs =>
             $5)
         RETURNING key`,
        [scope, key, route, requestHash, STALE_SECONDS],
      );
      if (inserted.length > 0) return { state: 'new' };
      const rows = await db.query<{
        route: string;
        request_hash: string;
        status_code: number | null;
        response: string | null;
      }>(`SELECT route, request_hash, status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2`, [
        scope,
        key,
      ]);
      const row = rows[0];
      if (!row) return { state: 'in_progress' };
      if (row.route !== route || row.request_hash !== requestHash) return { state: 'mismatch' };
      if (row.status_code === null || row.response === null) return { state: 'in_progress' };
      return { state: 'replay', status: row.status_code, body: row.response };
    },

    /** Stores the answer of a claimed key. */
    async complete(scope: string, key: string, status: number, body: string): Promise<void> {
      await db.query(
        `UPDATE idempotency_keys SET status_code = $3, response = $4, completed_at = now()
         WHERE scope = $1 AND key = $2`,
        [scope, key, status, body],
      );
    },

    /** Gives a key back (the request failed on our side, so a retry must run again). */
    async release(scope: string, key: string): Promise<void> {
      await db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND completed_at IS NULL`, [
        scope,
        key,
      ]);
    },

    /** Keys are kept for a day, as retries come within minutes. */
    async prune(): Promise<void> {
      await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'`);
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
