import type { Database, Queryable } from '../../db/types';
import {
  ANALYTICS_TOP_ROWS,
  type AnalyticsSummaryAnswer,
  type BreakdownRowView,
  type RevenueView,
} from '../../schemas/analytics-dashboard';
import { breakdownRow, funnelOf, type StepCounts } from './funnel';
import type { Period } from './period';
import { dashboardSql } from './sql';
import { groupVitals, releaseDeltas, type VitalRow } from './vitals';

const SQL = {
  visits: dashboardSql('visits'),
  orders: dashboardSql('orders'),
  topPages: dashboardSql('top-pages'),
  emptySearches: dashboardSql('empty-searches'),
  vitalsByPage: dashboardSql('vitals-by-page'),
  vitalsByRelease: dashboardSql('vitals-by-release'),
};

type Dimension = 'total' | 'day' | 'storefront' | 'release' | 'channel' | 'campaign';
type VisitRow = StepCounts & { dimension: Dimension; key: string; page_views: number };
type OrderRow = RevenueView & { dimension: Exclude<Dimension, 'day'>; key: string };

/** The most campaigns listed (by visits); storefronts, releases and channels are few enough to list them all. */
const CAMPAIGN_ROWS = ANALYTICS_TOP_ROWS;
/**
 * Memory each read may hash and sort in before spilling to disk: a month of visits folds into a few hundred thousand
 * hash entries, several times Postgres' default of 4 MB (spilled, the summary took twice as long).
 */
const WORK_MEM = '64MB';

/**
 * Reads of one summary running at once: each holds a pooled connection, and shoppers' requests share the pool (ten
 * connections). Three keep two cores busy; the heaviest reads are started first.
 */
const READS_AT_ONCE = 3;

/** One read of the summary, in a transaction of its own with the memory it needs, at most READS_AT_ONCE at a time. */
function reader(db: Database) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(sql: string, params: unknown[]): Promise<T[]> => {
    if (running >= READS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('work_mem', $1, true)`, [WORK_MEM]);
        return tx.query<T>(sql, params);
      });
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * Which days of the period the rollup holds (read from it) and which are read from the events: today, and finished
 * days the rollup job has not reached. Listed once, before the reads, so each day is read from exactly one of them.
 */
async function splitDays(db: Queryable, period: Period): Promise<{ rolled: string[]; live: string[] }> {
  const rows = await db.query<{ day: string }>(
    `SELECT day::text AS day FROM analytics_rolled_days WHERE day BETWEEN $1::date AND $2::date`,
    [period.from, period.to],
  );
  const rolled = new Set(rows.map((r) => r.day));
  return { rolled: [...rolled], live: period.days.filter((d) => !rolled.has(d)) };
}

/**
 * The traffic and sales of a period in the storefronts `storefronts` (null: all): visits and page views per day, the
 * funnel, revenue per currency, the same per storefront, release, campaign and channel, top pages, searches without
 * results and the web vitals' 75th percentiles per page type and per release with the change since the release
 * before. The reads run side by side, three at a time (one connection each on Postgres).
 */
export async function analyticsSummary(
  db: Database,
  period: Period,
  storefronts: string[] | null,
): Promise<AnalyticsSummaryAnswer> {
  const { rolled, live } = await splitDays(db, period);
  const read = reader(db);
  const params = [rolled, live, storefronts];
  const top = [...params, ANALYTICS_TOP_ROWS];
  const [visits, byPage, byRelease, orders, topPages, emptySearches] = await Promise.all([
    read<VisitRow>(SQL.visits, params),
    read<VitalRow>(SQL.vitalsByPage, params),
    read<VitalRow>(SQL.vitalsByRelease, params),
    read<OrderRow>(SQL.orders, params),
    read<{ path: string; views: number }>(SQL.topPages, top),
    read<{ storefront: string; query: string; searches: number }>(SQL.emptySearches, top),
  ]);

  const revenueOf = (dimension: OrderRow['dimension'], key: string): RevenueView[] =>
    orders
      .filter((o) => o.dimension === dimension && o.key === key)
      .map((o) => ({ currency: o.currency, amount: o.amount, orders: o.orders }));
  const rowsOf = (dimension: Exclude<Dimension, 'total' | 'day'>): BreakdownRowView[] =>
    visits.filter((v) => v.dimension === dimension).map((v) => breakdownRow(v.key, v, revenueOf(dimension, v.key)));

  const total = visits.find((v) => v.dimension === 'total') ?? {
    visits: 0,
    page_views: 0,
    view: 0,
    cart: 0,
    checkout: 0,
    paid: 0,
  };
  const revenue = revenueOf('total', '');
  const perDay = new Map(visits.filter((v) => v.dimension === 'day').map((v) => [v.key, v]));
  const byVisits = (a: BreakdownRowView, b: BreakdownRowView) => b.visits - a.visits || a.key.localeCompare(b.key);

  return {
    from: period.from,
    to: period.to,
    storefronts,
    totals: {
      visits: total.visits,
      page_views: total.page_views,
      orders: revenue.reduce((sum, r) => sum + r.orders, 0),
    },
    days: period.days.map((day) => ({
      day,
      visits: perDay.get(day)?.visits ?? 0,
      page_views: perDay.get(day)?.page_views ?? 0,
    })),
    funnel: funnelOf(total),
    revenue: [...revenue].sort((a, b) => b.orders - a.orders || a.currency.localeCompare(b.currency)),
    by_storefront: rowsOf('storefront').sort(byVisits),
    // Release ids sort by build time: newest first.
    by_release: rowsOf('release').sort((a, b) => b.key.localeCompare(a.key)),
    by_campaign: rowsOf('campaign').sort(byVisits).slice(0, CAMPAIGN_ROWS),
    by_channel: rowsOf('channel').sort(byVisits),
    top_pages: topPages,
    empty_searches: emptySearches,
    vitals_by_page: groupVitals(byPage)
      .sort((a, b) => a.storefront.localeCompare(b.storefront) || a.key.localeCompare(b.key))
      .map((g) => ({ storefront: g.storefront, page_type: g.key, samples: g.samples, p75: g.p75 })),
    vitals_by_release: releaseDeltas(groupVitals(byRelease)),
  };
}
