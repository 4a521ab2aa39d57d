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
      const rows = await db.query<{ hits: number; reset_in: number }>(
        `INSERT INTO rate_limit_hits AS r (key, window_start, hits)
         VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
         RETURNING hits, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int AS reset_in`,
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
