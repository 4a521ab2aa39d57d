/**
 * The analytics collector under load: pages' beacons (`POST analytics/collect`, text/plain as sendBeacon sends them)
 * of BATCH events each, from ADDRESSES client addresses (X-Forwarded-For through the trusted loopback proxy, so no
 * address reaches its rate or its budget), to the API in a process of its own (as `npm run serve`), on PGlite and, when
 * DATABASE_URL or TEST_DATABASE_URL is set, on Postgres. Each run has two parts:
 *   - saturation: CONCURRENCY clients post back to back for SATURATE seconds: the most batches a second it takes;
 *   - paced: batches sent at fixed rates (fractions of that most) for STEP seconds each, not waiting for answers, as
 *     independent pages do: the latency at each rate, and the highest rate whose p99 stays under 20 ms.
 * Latency is from the request's start in the client to the last byte of its answer. After the runs the rows in
 * analytics_events are counted: every event answered as kept must be stored, once.
 *   npm run bench:analytics-collect
 *   BENCH_DRIVERS=pglite BENCH_SATURATE=5 npm run bench:analytics-collect        (a quick run)
 * Knobs: BENCH_BATCH (events a batch, 20), BENCH_CONCURRENCY (64), BENCH_ADDRESSES (10,000), BENCH_SATURATE (s, 6),
 * BENCH_STEPS (fractions of the saturated rate, 0.25,0.4,0.5,0.6,0.75), BENCH_STEP (s, 3), BENCH_SETTLE (s, 5),
 * BENCH_DRIVERS (pglite,pg), BENCH_LOG_LEVEL (the API's, info as in production; the collector logs only faults),
 * BENCH_API_PROFILE (a folder: the API writes a CPU profile of its run there).
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AnalyticsBatch } from '../../server/schemas/analytics';
import { benchPostgresUrl } from './bench-server';
import { analyticsBenchStore } from './analytics-store';
import { ms, percentile, printTable } from './flash-stats';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BATCH = num('BENCH_BATCH', 20);
const CONCURRENCY = num('BENCH_CONCURRENCY', 64);
const ADDRESSES = num('BENCH_ADDRESSES', 10_000);
const SATURATE_S = num('BENCH_SATURATE', 6);
const STEP_S = num('BENCH_STEP', 3);
const STEPS = (process.env['BENCH_STEPS'] ?? '0.25,0.4,0.5,0.6,0.75').split(',').map(Number);
const DRIVERS = (process.env['BENCH_DRIVERS'] ?? 'pglite,pg').split(',');
const LOG_LEVEL = process.env['BENCH_LOG_LEVEL'] ?? 'info';
const P99_GOAL_MS = 20;
/** Seconds the API is left alone after it answers its health check. */
const SETTLE_S = num('BENCH_SETTLE', 5);
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** The client's own event-loop delay (ns): a busy client delays its requests and its clock. */
const lag = monitorEventLoopDelay({ resolution: 10 });

/** Bodies made before the run (a page's mix of events), so the client spends its time sending. */
function bodies(count: number): string[] {
  const kinds = (i: number, at: number): AnalyticsBatch['events'][number] => {
    const path = `/id/product/redmi-note-${i % 40}/`;
    switch (i % 10) {
      case 0:
        return { kind: 'search', at, path: '/id/search/', query: `redmi ${i % 7}`, results: i % 30 };
      case 1:
        return { kind: 'add_to_cart', at, path, target: `2233${i % 50}`, value: 2_999_000, currency: 'IDR' };
      case 2:
        return { kind: 'web_vital', at, path, metric: 'LCP', metricValue: 1200 + (i % 900) };
      case 3:
      case 4:
        return { kind: 'click', at, path, target: `buy-button-${i % 3}` };
      case 5:
      case 6:
      case 7:
        return { kind: 'exposure', at, path, target: `banner-${i % 12}` };
      default:
        return { kind: 'page_view', at, path };
    }
  };
  return Array.from({ length: count }, (_, b) => {
    const at = Date.now();
    const batch: AnalyticsBatch = {
      consent: '0,1,2,3:',
      context: {
        visitId: `bench-${process.pid}-${b}`,
        lang: 'id',
        pageType: 'product',
        release: 'bench',
        device: b % 3 === 0 ? 'desktop' : 'mobile',
        app: 'web',
        channel: b % 2 === 0 ? 'SEO' : 'Paid Search',
        campaign: 'bench',
      },
      events: Array.from({ length: BATCH }, (_, i) => kinds(b * BATCH + i, at)),
    };
    return JSON.stringify(batch);
  });
}

/** What one part of a run saw. */
interface Tally {
  latencies: number[];
  kept: number;
  refused: Map<string, number>;
  startedAt: number;
  endedAt: number;
}

const newTally = (): Tally => ({
  latencies: [],
  kept: 0,
  refused: new Map(),
  startedAt: performance.now(),
  endedAt: 0,
});

/** A beacon client over at most `sockets` keep-alive connections. */
function beaconClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = `${base}/api/id/analytics/collect`;
  const batches = bodies(200);
  let next = 0;
  /** Posts the next batch from the next address and records its answer in `tally`. */
  function post(tally: Tally): Promise<void> {
    const n = next++;
    const body = batches[n % batches.length]!;
    const address = `10.${(n % ADDRESSES) >> 16}.${((n % ADDRESSES) >> 8) & 255}.${(n % ADDRESSES) & 255}`;
    const started = performance.now();
    return new Promise((resolve) => {
      const done = (outcome: string, kept: number) => {
        tally.latencies.push(performance.now() - started);
        if (outcome === 'ok') tally.kept += kept;
        else tally.refused.set(outcome, (tally.refused.get(outcome) ?? 0) + 1);
        resolve();
      };
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'text/plain;charset=UTF-8',
            'content-length': Buffer.byteLength(body),
            'user-agent': BROWSER,
            'x-forwarded-for': address,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', () => done('connection', 0));
          res.on('end', () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                errno: number;
                data: { kept: number } | null;
              };
              if (answer.errno === 0) done('ok', answer.data?.kept ?? 0);
              else done(`${res.statusCode} errno ${answer.errno}`, 0);
            } catch {
              done(`${res.statusCode} not JSON`, 0);
            }
          });
        },
      );
      req.on('error', () => done('connection', 0));
      req.end(body);
    });
  }
  return { post, close: () => agent.destroy() };
}

type BeaconClient = ReturnType<typeof beaconClient>;

/** CONCURRENCY clients posting back to back for `seconds`. */
async function saturate(client: BeaconClient, seconds: number): Promise<Tally> {
  const tally = newTally();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await client.post(tally);
    }),
  );
  tally.endedAt = performance.now();
  return tally;
}

/** Batches sent at `rate` a second for `seconds`, each at its time whether the ones before were answered or not. */
async function paced(client: BeaconClient, rate: number, seconds: number): Promise<Tally> {
  const tally = newTally();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  for (;;) {
    const elapsed = (performance.now() - tally.startedAt) / 1000;
    if (elapsed >= seconds) break;
    for (const due = Math.floor(rate * elapsed); sent < due; sent++) inFlight.push(client.post(tally));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  tally.endedAt = performance.now();
  return tally;
}

/** One line of figures: batches and events stored a second, latency percentiles, refusals. */
function figures(t: Tally): string {
  const seconds = (t.endedAt - t.startedAt) / 1000;
  const refused = [...t.refused].map(([k, v]) => `${k}: ${v}`).join(', ');
  return (
    `${Math.round(t.latencies.length / seconds)} batches/s, ${Math.round(t.kept / seconds)} events/s stored; ` +
    `p50 ${ms(percentile(t.latencies, 50))}, p95 ${ms(percentile(t.latencies, 95))}, ` +
    `p99 ${ms(percentile(t.latencies, 99))}${refused ? `; refused ${refused}` : ''}`
  );
}

async function run(driver: 'pglite' | 'pg'): Promise<void> {
  const store = await analyticsBenchStore(driver, benchPostgresUrl(), LOG_LEVEL, process.env['BENCH_API_PROFILE']);
  const rows: [string, string][] = [];
  let kept = 0;
  // One pool of CONCURRENCY keep-alive connections for the whole run, as a load balancer keeps to its upstream: the
  // warm-up opens them (on PGlite, whose queries hold the event loop, a burst of new connections is accepted slowly).
  const client = beaconClient(store.base, CONCURRENCY);
  try {
    // The API's start-up work (its maintenance tasks' first runs, the job queue's) settles first; then a warm-up
    // compiles the route's code and opens the database's connections.
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
    kept += (await saturate(client, 2)).kept;
    lag.reset();
    lag.enable();
    const most = await saturate(client, SATURATE_S);
    kept += most.kept;
    rows.push([`saturation (${CONCURRENCY} clients, ${SATURATE_S} s)`, figures(most)]);
    const mostRate = most.latencies.length / ((most.endedAt - most.startedAt) / 1000);
    let best: { rate: number; events: number; p99: number } | null = null;
    for (const fraction of STEPS) {
      const rate = Math.max(1, Math.round(mostRate * fraction));
      const step = await paced(client, rate, STEP_S);
      kept += step.kept;
      rows.push([`paced ${rate} batches/s (${Math.round(fraction * 100)} %)`, figures(step)]);
      const p99 = percentile(step.latencies, 99);
      if (p99 < P99_GOAL_MS && step.refused.size === 0 && (!best || rate > best.rate))
        best = { rate, events: Math.round(step.kept / ((step.endedAt - step.startedAt) / 1000)), p99 };
    }
    lag.disable();
    rows.push([
      `highest paced rate with p99 < ${P99_GOAL_MS} ms`,
      best ? `${best.rate} batches/s = ${best.events} events/s stored (p99 ${ms(best.p99)})` : 'none',
    ]);
    rows.push([
      'client event-loop delay',
      `p50 ${ms(lag.percentile(50) / 1e6)}, p99 ${ms(lag.percentile(99) / 1e6)}, max ${ms(lag.max / 1e6)}`,
    ]);
  } finally {
    client.close();
    await store.stop();
  }
  const db = await store.open();
  try {
    const stored = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_events`))[0]!.n;
    rows.push(['events answered as kept / rows stored', `${kept} / ${stored}${kept === stored ? '' : ' MISMATCH'}`]);
  } finally {
    await db.close();
    await store.remove();
  }
  printTable(
    `${driver === 'pg' ? 'Postgres' : 'PGlite'}: batches of ${BATCH} events from ${ADDRESSES} addresses ` +
      `(API log level ${LOG_LEVEL})`,
    rows,
  );
}

async function main(): Promise<void> {
  if (DRIVERS.includes('pglite')) await run('pglite');
  if (!DRIVERS.includes('pg')) return;
  if (!benchPostgresUrl()) return console.log('\nPostgres skipped: set DATABASE_URL or TEST_DATABASE_URL');
  await run('pg');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
