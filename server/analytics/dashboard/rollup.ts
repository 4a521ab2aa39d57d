import type { Queryable } from '../../db/types';
import type { MaintenanceTask } from '../../maintenance';

/**
 * Minutes a day waits after midnight before it is rolled up: an event whose statement started before midnight (its
 * received_on is that day) may commit a little after it.
 */
const SETTLE_MINUTES = 10;

/**
 * Rolls up every finished day that has an events partition and is not rolled yet (migration 055 says what the
 * rollup holds), oldest first, and forgets rolled days whose partition the retention has dropped. Safe in several
 * processes at once: each day is rolled once (analytics_roll_day). Answers the days it rolled.
 */
export async function rollUpFinishedDays(db: Queryable): Promise<string[]> {
  const days = await db.query<{ day: string }>(
    `WITH parts AS (
       SELECT to_date(substring(c.relname FROM 18), 'YYYYMMDD') AS day
       FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
       WHERE h.inhparent = 'analytics_events'::regclass AND c.relname ~ '^analytics_events_[0-9]{8}$')
     SELECT day::text AS day FROM parts
     WHERE day < (now() - make_interval(mins => $1))::date
       AND NOT EXISTS (SELECT 1 FROM analytics_rolled_days r WHERE r.day = parts.day)
     ORDER BY day`,
    [SETTLE_MINUTES],
  );
  const rolled: string[] = [];
  for (const { day } of days) {
    const [row] = await db.query<{ rolled: boolean }>(`SELECT analytics_roll_day($1::date) AS rolled`, [day]);
    if (row?.rolled) rolled.push(day);
  }
  // The rollup keeps no day longer than its events: a day older than the oldest partition left has been dropped.
  await db.query(
    `DELETE FROM analytics_rolled_days WHERE day < (
       SELECT min(to_date(substring(c.relname FROM 18), 'YYYYMMDD'))
       FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
       WHERE h.inhparent = 'analytics_events'::regclass AND c.relname ~ '^analytics_events_[0-9]{8}$')`,
  );
  return rolled;
}

/** The maintenance task that keeps the dashboard's rollup up to date (at start, then every 15 minutes). */
export function analyticsRollupTask(db: Queryable): MaintenanceTask {
  return {
    name: 'analytics rollup',
    everyMs: 15 * 60_000,
    atStart: true,
    run: async () => void (await rollUpFinishedDays(db)),
  };
}
