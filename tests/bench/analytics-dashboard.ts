/**
 * How fast the release console's traffic and sales summary (server/analytics/dashboard/summary.ts) answers over
 * BENCH_EVENTS analytics events (default 1,000,000) spread over BENCH_DAYS days (30) and every storefront, on
 * Postgres (DATABASE_URL, else TEST_DATABASE_URL) in a schema of its own that is dropped at the end.
 *
 * The events are written by one INSERT … SELECT over generate_series (15–30 s for a million): BENCH_VISITS visits
 * (50,000, so some twenty events a visit), each in one storefront and on one day (one in twenty goes on past
 * midnight: the rollup has several rows of it); a quarter page views over 240 pages per storefront (six page types
 * of 40: the catalogue has some 60 products), 40 % web vitals, clicks, exposures, searches (a fifth find nothing),
 * carts, checkout steps and 0.5 % purchases; weekly releases, every traffic channel, campaigns for the paid ones.
 * The summary of the whole period and every storefront is then timed BENCH_RUNS times (p50/p95) three ways: read
 * straight from the events (no day rolled up), after the rollup job rolled every finished day (today still read
 * from the events: the figure that matters), and for one storefront. Last, the reads one after another on one
 * connection with the CPU time of its Postgres backend (when Postgres runs on this machine): wall times depend on
 * what else the machine runs, the CPU time much less.
 *   npm run bench:analytics-dashboard
 *   BENCH_EVENTS=200000 BENCH_RUNS=10 npm run bench:analytics-dashboard
 */
import fs from 'node:fs';
import os from 'node:os';
import { migrate } from '../../server/db/migrate';
import { openPg } from '../../server/db/pg-driver';
import type { Database } from '../../server/db/types';
import { analyticsSummary } from '../../server/analytics/dashboard/summary';
import { parsePeriod, type Period } from '../../server/analytics/dashboard/period';
import { rollUpFinishedDays } from '../../server/analytics/dashboard/rollup';
import { storefronts } from '../../region-config/index';
import { benchPostgresUrl, withFreshPostgres } from './bench-server';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const VISITS = Number(process.env['BENCH_VISITS'] ?? 50_000);
const DAYS = Number(process.env['BENCH_DAYS'] ?? 30);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 20);
/** Runs of the summary read straight from the events: each takes seconds. */
const STRAIGHT_RUNS = Math.min(RUNS, Number(process.env['BENCH_STRAIGHT_RUNS'] ?? 5));

/** $1 events, $2 visits, $3 days, $4 storefronts, $5 their currencies, $6 their languages. */
const FILL_SQL = `INSERT INTO analytics_events (received_on, occurred_at, url_local, lang, page_type, release_id,
  device, app, visit_id, channel, campaign, kind, path, target, query, results, step, value, currency, quantity, metric,
  metric_value)
SELECT d.day, d.day + make_interval(secs => (e.v % 86400)), s.local, s.lang, pt.page_type,
  'r-' || to_char(d.day - ((d.day - date '2020-01-06') % 7), 'YYYYMMDD') || 'T000000000Z-weekly',
  (ARRAY['mobile', 'tablet', 'desktop'])[1 + (e.h % 3)], 'web', 'v' || e.v,
  ch.channel, CASE WHEN ch.channel LIKE 'Paid%' THEN 'campaign-' || (e.h % 15) END,
  k.kind, '/' || s.local || '/' || pt.page_type || '/' || (e.i % 40) || '/',
  CASE k.kind WHEN 'add_to_cart' THEN 'c' || (e.i % 500) WHEN 'purchase' THEN 'o' || e.i WHEN 'click' THEN 'buy' END,
  CASE WHEN k.kind = 'search' THEN 'query ' || (e.i % 300) END,
  CASE WHEN k.kind = 'search' THEN CASE WHEN e.r2 < 0.2 THEN 0 ELSE (e.r2 * 50)::int END END,
  CASE WHEN k.kind = 'checkout_step' THEN (ARRAY['cart', 'checkout', 'payment'])[1 + e.i % 3] END,
  CASE WHEN k.kind IN ('add_to_cart', 'purchase') THEN 1000 + (e.r2 * 500000)::bigint END,
  CASE WHEN k.kind IN ('add_to_cart', 'purchase') THEN s.currency END,
  CASE WHEN k.kind = 'add_to_cart' THEN 1 END,
  CASE WHEN k.kind = 'web_vital' THEN (ARRAY['LCP', 'INP', 'CLS', 'TTFB'])[1 + e.i % 4] END,
  CASE WHEN k.kind = 'web_vital' THEN
    (ARRAY[800 + e.r2 * 4000, 40 + e.r2 * 600, e.r2 * 0.4, 100 + e.r2 * 2000])[1 + e.i % 4] END
FROM (
  SELECT i, i % $2 AS v, ((i % $2)::bigint * 2654435761) % 1000003 AS h, random() AS r, random() AS r2,
    random() AS r3
  FROM generate_series(1, $1::int) i
) e
CROSS JOIN LATERAL (SELECT current_date - (e.v % $3)::int
  + CASE WHEN e.v % 20 = 0 AND e.v % $3 > 0 AND e.r3 < 0.3 THEN 1 ELSE 0 END AS day) d
CROSS JOIN LATERAL (SELECT ($4::text[])[1 + (e.h % cardinality($4::text[]))] AS local,
  ($5::text[])[1 + (e.h % cardinality($4::text[]))] AS currency,
  ($6::text[])[1 + (e.h % cardinality($4::text[]))] AS lang) s
CROSS JOIN LATERAL (SELECT (ARRAY['SEO', 'Paid Search', 'Organic Social', 'Paid Social', 'Direct', 'Referral',
  'Display_Video', 'Paid Affiliate', 'Paid Other', 'Others', 'Push_Edm'])[1 + (e.h / 7 % 11)] AS channel) ch
CROSS JOIN LATERAL (SELECT (ARRAY['home', 'product', 'search', 'cart', 'checkout', 'list'])[1 + e.i % 6]
  AS page_type) pt
CROSS JOIN LATERAL (SELECT CASE WHEN e.r < 0.25 THEN 'page_view' WHEN e.r < 0.65 THEN 'web_vital'
  WHEN e.r < 0.77 THEN 'click' WHEN e.r < 0.90 THEN 'exposure' WHEN e.r < 0.95 THEN 'search'
  WHEN e.r < 0.98 THEN 'add_to_cart' WHEN e.r < 0.995 THEN 'checkout_step' ELSE 'purchase' END AS kind) k`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

/** p50 and p95 (nearest rank) of `runs` calls, after one warm-up call. */
async function percentiles(runs: number, fn: () => Promise<unknown>): Promise<string> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(fn))[1]);
  times.sort((a, b) => a - b);
  const rank = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return `p50 ${rank(0.5).toFixed(0)} ms, p95 ${rank(0.95).toFixed(0)} ms (${runs} runs)`;
}

async function fill(db: Database): Promise<void> {
  await db.query(`SELECT analytics_ensure_partition(current_date - d) FROM generate_series(0, $1::int - 1) d`, [DAYS]);
  const [, ms] = await timed(() =>
    db.query(FILL_SQL, [
      EVENTS,
      VISITS,
      DAYS,
      storefronts.map((s) => s.urlLocal),
      storefronts.map((s) => s.region.currency),
      storefronts.map((s) => s.lang),
    ]),
  );
  await db.query(`ANALYZE analytics_events`);
  const kinds = await db.query<{ kind: string; n: number }>(
    `SELECT kind, count(*)::int AS n FROM analytics_events GROUP BY kind ORDER BY n DESC`,
  );
  console.log(
    `filled ${EVENTS.toLocaleString('en')} events, ${VISITS.toLocaleString('en')} visits, ${DAYS} days, ` +
      `${storefronts.length} storefronts in ${seconds(ms)}: ${kinds.map((k) => `${k.kind} ${k.n}`).join(', ')}`,
  );
}

async function main(): Promise<void> {
  const url = benchPostgresUrl();
  if (!url) throw new Error('bench:analytics-dashboard runs on Postgres: set DATABASE_URL or TEST_DATABASE_URL');
  await withFreshPostgres(url, 10, async (db) => {
    await migrate(db);
    await fill(db);
    const today = (await db.query<{ d: string }>(`SELECT current_date::text AS d`))[0]!.d;
    const period = parsePeriod({ to: today }, today);
    if (period.days.length !== DAYS) console.log(`(the summary reads the default ${period.days.length} days)`);
    const all = () => analyticsSummary(db, period, null);

    console.log(`straight from the events, every storefront: ${await percentiles(STRAIGHT_RUNS, all)}`);
    const [rolled, rollMs] = await timed(() => rollUpFinishedDays(db));
    const sizes = await db.query<{ name: string; rows: number; mb: number }>(
      `SELECT c.relname AS name, c.reltuples::float8 AS rows, pg_total_relation_size(c.oid) / 1048576.0 AS mb
       FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'analytics\\_%\\_days'
         AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) ORDER BY 1`,
    );
    for (const table of sizes) await db.query(`ANALYZE ${table.name}`);
    const events = (
      await db.query<{ mb: number }>(
        `SELECT sum(pg_total_relation_size(inhrelid)) / 1048576.0 AS mb FROM pg_inherits
         WHERE inhparent = 'analytics_events'::regclass`,
      )
    )[0]!.mb;
    console.log(
      `rollup of ${rolled.length} finished days in ${seconds(rollMs)} ` +
        `(${(rollMs / Math.max(1, rolled.length)).toFixed(0)} ms a day); ` +
        `events ${Number(events).toFixed(0)} MB, rollup: ` +
        sizes.map((s) => `${s.name} ${Number(s.mb).toFixed(1)} MB`).join(', '),
    );
    const summary = await all();
    console.log(
      `summary: ${summary.totals.visits} visits, ${summary.totals.page_views} page views, ${summary.totals.orders} ` +
        `orders, ${summary.by_storefront.length} storefronts, ${summary.by_release.length} releases, ` +
        `${summary.vitals_by_page.length} vitals rows by page type`,
    );
    console.log(`rolled up (today live), every storefront: ${await percentiles(RUNS, all)}`);
    const one = storefronts[0]!.urlLocal;
    console.log(
      `rolled up (today live), storefront ${one}: ` +
        (await percentiles(RUNS, () => analyticsSummary(db, period, [one]))),
    );
    const schema = (await db.query<{ s: string }>(`SELECT current_schema() AS s`))[0]!.s;
    await cpuOfOneConnection(url, schema, period);
  });
}

/** CPU milliseconds (user + system) a Postgres backend of this machine has used, or null when it cannot be read. */
function backendCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/**
 * The summary's reads one after another on one connection, with the CPU time its Postgres backend spent: a figure
 * the machine's other load does not change much (wall times above do), when Postgres runs on this machine.
 */
async function cpuOfOneConnection(url: string, schema: string, period: Period): Promise<void> {
  const db = await openPg(url, { schema, max: 1 });
  try {
    const pid = (await db.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`))[0]!.pid;
    await analyticsSummary(db, period, null);
    const before = backendCpuMs(pid);
    if (before === null) return;
    const start = performance.now();
    for (let i = 0; i < RUNS; i++) await analyticsSummary(db, period, null);
    const cpu = (backendCpuMs(pid)! - before) / RUNS;
    const wall = (performance.now() - start) / RUNS;
    console.log(
      `one connection, reads one after another: ${wall.toFixed(0)} ms a summary, of which Postgres CPU ` +
        `${cpu.toFixed(0)} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
