import type { Queryable } from '../db/types';
import type { AnalyticsContext, AnalyticsEvent } from '../schemas/analytics';
import { loadSql } from './load-sql';

const INSERT_SQL = loadSql('analytics-insert');

/** An event as it is stored: the batch's event and the time it is stored at (clamped to the server's clock). */
export interface EventToStore {
  event: AnalyticsEvent;
  occurredAt: number;
}

/** Postgres text cannot hold NUL; free text (a search as typed, a campaign name) may carry one. */
const text = (value: string | undefined): string | null =>
  value === undefined ? null : value.replaceAll('\0', '\uFFFD');
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** The insert of a day whose partition does not exist: Postgres says "no partition of relation … found for row". */
function isMissingPartition(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '23514' && typeof e.message === 'string' && e.message.includes('no partition');
}

/** First-party analytics events, in the daily partitions of analytics_events (migration 054). */
export function analyticsEventsRepository(db: Queryable) {
  /** Makes today's partition (the database's date) when it is missing; whether it made it. */
  async function ensureToday(): Promise<boolean> {
    return (await db.query<{ made: boolean }>(`SELECT analytics_ensure_partition(current_date) AS made`))[0]!.made;
  }

  return {
    ensureToday,

    /**
     * Stores the events of one batch in one statement, under `urlLocal` and the batch's context; answers how many
     * rows it wrote. Past midnight before the day's partition was made, it makes it and tries once more.
     */
    async insert(urlLocal: string, context: AnalyticsContext, events: readonly EventToStore[]): Promise<number> {
      if (events.length === 0) return 0;
      const params = [
        urlLocal,
        context.lang,
        context.pageType,
        context.release,
        context.device,
        context.app,
        context.visitId,
        orNull(context.instanceId),
        orNull(context.appSessionId),
        context.channel,
        text(context.campaign),
        events.map((e) => e.occurredAt),
        events.map((e) => e.event.kind),
        events.map((e) => text(e.event.path)),
        events.map((e) => text(e.event.target)),
        events.map((e) => text(e.event.query)),
        events.map((e) => orNull(e.event.results)),
        events.map((e) => orNull(e.event.step)),
        events.map((e) => orNull(e.event.value)),
        events.map((e) => orNull(e.event.currency)),
        events.map((e) => orNull(e.event.quantity)),
        events.map((e) => orNull(e.event.metric)),
        events.map((e) => orNull(e.event.metricValue)),
      ];
      try {
        await db.query(INSERT_SQL, params);
      } catch (error) {
        if (!isMissingPartition(error)) throw error;
        await ensureToday();
        await db.query(INSERT_SQL, params);
      }
      return events.length;
    },

    /**
     * Rolls the partitions on from `today` (the database's date when not given): makes today's and the next
     * `aheadDays` days', drops the days older than `keepDays` days. Answers how many it made and dropped.
     */
    async roll(keepDays: number, aheadDays: number, today?: string): Promise<{ created: number; dropped: number }> {
      const [row] = await db.query<{ created: number; dropped: number }>(
        `SELECT created, dropped FROM analytics_roll_partitions(coalesce($1::date, current_date), $2::int, $3::int)`,
        [today ?? null, keepDays, aheadDays],
      );
      return row ?? { created: 0, dropped: 0 };
    },
  };
}
export type AnalyticsEventsRepository = ReturnType<typeof analyticsEventsRepository>;
