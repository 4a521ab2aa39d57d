import type { Queryable } from '../db/types';

/** Hits of one key in the current fixed window, and the seconds until that window ends. */
export interface WindowCount {
  hits: number;
  resetInSeconds: number;
}

/**
 * Fixed-window counters shared by every API process through the database. The window is cut from the
 * database clock, so processes with skewed clocks still count into the same window.
 */
export function rateLimitsRepository(db: Queryable) {
  return {
    /** Counts one hit of `key` in its window of `windowSeconds` and returns the window's count. */
    async hit(key: string, windowSeconds: number): Promise<WindowCount> {
      // A sliding window over two fixed ones: the previous window's hits count for the part of it still inside the
      // last `windowSeconds` (rounded up), so a burst across a window boundary does not get the allowance twice.
      const rows = await db.query<{ hits: number; reset_in: number }>(
        `WITH cur AS (
           INSERT INTO rate_limit_hits AS r (key, window_start, hits)
           VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
           ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
           RETURNING hits, window_start)
         SELECT (cur.hits + coalesce(ceil(prev.hits * (1 - extract(epoch FROM (now() - cur.window_start)) / $2)), 0))::int AS hits,
                ceil(extract(epoch FROM (cur.window_start + make_interval(secs => $2) - now())))::int AS reset_in
         FROM cur LEFT JOIN rate_limit_hits prev ON prev.key = $1 AND prev.window_start = cur.window_start - make_interval(secs => $2)`,
        [key, windowSeconds],
      );
      const row = rows[0]!;
      return { hits: row.hits, resetInSeconds: Math.max(1, row.reset_in) };
    },

    /** Drops windows that ended more than a day ago. */
    async prune(): Promise<void> {
      await db.query(`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'`);
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
