import type { Queryable } from '../db/types';
import { batched } from '../db/batch';

/** Hits of one key in the current fixed window, and the seconds until that window ends. */
export interface WindowCount {
  hits: number;
  resetInSeconds: number;
}

interface Hit {
  key: string;
  windowSeconds: number;
}

/**
 * Counts hits of several keys in one statement. Hits of one key arrive as one row with their number `n`; each of them
 * gets the count it would have had alone, in turn (the first n-1 + 1, ..., the last the window's new total).
 * A sliding window over two fixed ones: the previous window's hits count for the part of it still inside the last
 * `windowSeconds` (rounded up), so a burst across a window boundary does not get the allowance twice. The window is
 * cut from the database clock, so processes with skewed clocks still count into the same window. Rows are taken in
 * key order, so two statements counting the same keys (two batches, two processes) never wait for each other in a
 * circle (deadlock).
 */
const HIT_SQL = `WITH input AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) AS i (key, secs, n)),
  cur AS (
    INSERT INTO rate_limit_hits AS r (key, window_start, hits)
    SELECT key, to_timestamp(floor(extract(epoch FROM now()) / secs) * secs), n FROM input ORDER BY key
    ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + EXCLUDED.hits
    RETURNING r.key, r.hits, r.window_start)
  SELECT cur.key, cur.hits,
         coalesce(ceil(prev.hits * (1 - extract(epoch FROM (now() - cur.window_start)) / i.secs)), 0)::int AS earlier,
         ceil(extract(epoch FROM (cur.window_start + make_interval(secs => i.secs) - now())))::int AS reset_in
  FROM cur JOIN input i ON i.key = cur.key
  LEFT JOIN rate_limit_hits prev ON prev.key = cur.key AND prev.window_start = cur.window_start - make_interval(secs =>
    i.secs)`;

/** Fixed-window counters shared by every API process through the database. */
export function rateLimitsRepository(db: Queryable) {
  /** One statement for every hit waiting (the counters are hit by every write request: one round trip for many). */
  async function countHits(hits: Hit[]): Promise<WindowCount[]> {
    // One row per key; a key asked with two window lengths (two rules sharing a bucket) waits for the next statement.
    const groups = new Map<string, { windowSeconds: number; n: number }>();
    const later: number[] = [];
    hits.forEach((h, i) => {
      const group = groups.get(h.key);
      if (!group) groups.set(h.key, { windowSeconds: h.windowSeconds, n: 1 });
      else if (group.windowSeconds === h.windowSeconds) group.n++;
      else later.push(i);
    });
    const keys = [...groups.keys()];
    const rows = await db.query<{ key: string; hits: number; earlier: number; reset_in: number }>(HIT_SQL, [
      keys,
      keys.map((k) => groups.get(k)!.windowSeconds),
      keys.map((k) => groups.get(k)!.n),
    ]);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const taken = new Map<string, number>();
    const answers: WindowCount[] = [];
    for (let i = 0; i < hits.length; i++) {
      if (later.includes(i)) continue;
      const { key } = hits[i]!;
      const row = byKey.get(key)!;
      const turn = (taken.get(key) ?? 0) + 1;
      taken.set(key, turn);
      answers[i] = {
        hits: row.hits - groups.get(key)!.n + turn + row.earlier,
        resetInSeconds: Math.max(1, row.reset_in),
      };
    }
    for (const i of later) answers[i] = (await countHits([hits[i]!]))[0]!;
    return answers;
  }
  const hit = batched(countHits);

  return {
    /** Counts one hit of `key` in its window of `windowSeconds` and returns the window's count. */
    hit: (key: string, windowSeconds: number): Promise<WindowCount> => hit({ key, windowSeconds }),

    /** Drops windows that ended more than a day ago. */
    async prune(): Promise<void> {
      await db.query(`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'`);
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
