import type { Database } from '../db/types';
import { batched } from '../db/batched';
import type { AnalyticsContext, AnalyticsEvent } from '../schemas/analytics';
import { loadSql } from './load-sql';

const INSERT_SQL = loadSql('analytics-insert');

/** An event as it is stored: the batch's event and the time it is stored at (clamped to the server's clock). */
export interface EventToStore {
  event: AnalyticsEvent;
  occurredAt: number;
}

/** The events of one batch, under its storefront and context. */
interface BatchToStore {
  urlLocal: string;
  context: AnalyticsContext;
  events: readonly EventToStore[];
}

/**
 * Batches that arrive while an insert runs go to the database together in the next one: the statement's own cost
 * (a round trip, a plan, a commit) is most of a small batch's, so under load a few statements carry hundreds of
 * batches. A quiet store inserts each batch alone at once. At most this many batches (50 events each at most) share
 * one statement.
 */
const BATCHES_PER_INSERT = 40;
/**
 * Inserts under way at once: Postgres runs a few side by side; PGlite runs one statement at a time in the event
 * loop, so the batches that arrive meanwhile wait for the next statement instead of queuing a second.
 */
export const INSERTS_IN_FLIGHT = { pg: 4, pglite: 1 } as const;

/** Postgres text cannot hold NUL; free text (a search as typed, a campaign name) may carry one. */
const text = (value: string | undefined): string | null =>
  value === undefined ? null : value.replaceAll('\0', '\uFFFD');
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** The insert of a day whose partition does not exist: Postgres says "no partition of relation … found for row". */
function isMissingPartition(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '23514' && typeof e.message === 'string' && e.message.includes('no partition');
}

/** The insert's parameters: one array per column, one element per event of every batch. */
function columnsOf(batches: readonly BatchToStore[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 23 }, () => []);
  for (const { urlLocal, context, events } of batches) {
    for (const { event, occurredAt } of events) {
      const row = [
        occurredAt,
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
        event.kind,
        text(event.path),
        text(event.target),
        text(event.query),
        orNull(event.results),
        orNull(event.step),
        orNull(event.value),
        orNull(event.currency),
        orNull(event.quantity),
        orNull(event.metric),
        orNull(event.metricValue),
      ];
      for (const [i, value] of row.entries()) columns[i]!.push(value);
    }
  }
  return columns;
}

/** First-party analytics events, in the daily partitions of analytics_events (migration 054). */
export function analyticsEventsRepository(db: Database) {
  /** Makes today's partition (the database's date) when it is missing; whether it made it. */
  async function ensureToday(): Promise<boolean> {
    return (await db.query<{ made: boolean }>(`SELECT analytics_ensure_partition(current_date) AS made`))[0]!.made;
  }

  /** One statement for `batches`; past midnight before the day's partition was made, it makes it and tries again. */
  async function insertAll(batches: readonly BatchToStore[]): Promise<void> {
    const params = columnsOf(batches);
    try {
      await db.query(INSERT_SQL, params);
    } catch (error) {
      if (!isMissingPartition(error)) throw error;
      await ensureToday();
      await db.query(INSERT_SQL, params);
    }
  }

  const insertTogether = batched(
    async (batches: BatchToStore[]): Promise<(Error | null)[]> => {
      try {
        await insertAll(batches);
        return batches.map(() => null);
      } catch (error) {
        if (batches.length === 1) return [error as Error];
      }
      // One batch the database refuses must not lose the others that shared its statement.
      const alone: (Error | null)[] = [];
      for (const batch of batches)
        alone.push(
          await insertAll([batch]).then(
            () => null,
            (e: unknown) => e as Error,
          ),
        );
      return alone;
    },
    { maxBatch: BATCHES_PER_INSERT, inFlight: INSERTS_IN_FLIGHT[db.driver] },
  );

  return {
    ensureToday,

    /** Stores the events of one batch under `urlLocal` and the batch's context; answers how many rows it wrote. */
    async insert(urlLocal: string, context: AnalyticsContext, events: readonly EventToStore[]): Promise<number> {
      if (events.length === 0) return 0;
      const error = await insertTogether({ urlLocal, context, events });
      if (error) throw error;
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
