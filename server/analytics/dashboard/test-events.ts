import type { Queryable } from '../../db/types';

/** One analytics event as a test writes it: the fields that matter, the rest defaulted. */
export interface TestEvent {
  day: string;
  local: string;
  visit: string;
  kind: string;
  release?: string;
  channel?: string;
  campaign?: string | null;
  pageType?: string;
  path?: string;
  target?: string | null;
  query?: string | null;
  results?: number | null;
  step?: string | null;
  value?: number | null;
  currency?: string | null;
  metric?: string | null;
  metricValue?: number | null;
  /** Seconds after the day's midnight (UTC): the order of a visit's events. */
  second?: number;
}

const COLUMNS = [
  'received_on',
  'occurred_at',
  'url_local',
  'lang',
  'page_type',
  'release_id',
  'device',
  'visit_id',
  'channel',
  'campaign',
  'kind',
  'path',
  'target',
  'query',
  'results',
  'step',
  'value',
  'currency',
  'metric',
  'metric_value',
] as const;

/**
 * Writes events straight into analytics_events, as the collector would have, making the partitions of their days.
 * The days are then taken out of the dashboard's rollup, so they are read from the events (a day rolled up before
 * its rows were written would hide them; production never writes to a finished day).
 */
export async function insertEvents(db: Queryable, events: TestEvent[]): Promise<void> {
  const days = [...new Set(events.map((e) => e.day))];
  for (const day of days) await db.query(`SELECT analytics_ensure_partition($1::date)`, [day]);
  for (const e of events) {
    const row = [
      e.day,
      new Date(Date.parse(`${e.day}T00:00:00Z`) + (e.second ?? 0) * 1000).toISOString(),
      e.local,
      'en',
      e.pageType ?? 'home',
      e.release ?? '',
      'mobile',
      e.visit,
      e.channel ?? 'Direct',
      e.campaign ?? null,
      e.kind,
      e.path ?? `/${e.local}/`,
      e.target ?? null,
      e.query ?? null,
      e.results ?? null,
      e.step ?? null,
      e.value ?? null,
      e.currency ?? null,
      e.metric ?? null,
      e.metricValue ?? null,
    ];
    await db.query(
      `INSERT INTO analytics_events (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
      row,
    );
  }
  await db.query(`DELETE FROM analytics_rolled_days WHERE day = ANY ($1::date[])`, [days]);
}
