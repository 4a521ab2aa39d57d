/**
 * API benchmark: requests/s and p50/p99 latency of misc/info, cart adds (100 shoppers with a cart each, and one cart
 * shared by every connection) and search suggest on the embedded
 * PGlite and on Postgres (DATABASE_URL or TEST_DATABASE_URL; skipped with a note when neither is set), beside a
 * bare Fastify hello-world measured first and last in the same run (it prints misc/info's share of their mean, issue
 * 12's target). Loopback only, a few seconds per case.
 * Shoppers come from many addresses (X-Forwarded-For from the trusted loopback proxy), as behind a CDN. The
 * "under abuse" rows measure the same shoppers while one abusive address floods sign-up and error reports on
 * 20 more connections (its own limits stop it; the shoppers' p99 should not move).
 *   npm run bench:api
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=20 npm run bench:api
 *   BENCH_CASES=search npm run bench:api      (only the search cases)
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { Database } from '../../server/db/types';
import { randomAddress } from '../../server/test-support/harness';
import { benchPostgresUrl, listen, startBenchApp, withFreshPglite, withFreshPostgres } from './bench-server';
import { orderShoppers } from './order-shoppers';
import { autocannon, type CannonRequest } from './autocannon';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const WARMUP = 1;

/** The fast-API target: misc/info at least 40 % of a bare Fastify hello-world's requests/s in the same run. */
const MISC_INFO = 'misc/info';
const MISC_INFO_SHARE_TARGET = 0.4;

interface Row {
  target: string;
  driver: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
}
const rows: Row[] = [];

interface Case {
  name: string;
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** Shoppers' cookies, one per request in turn (each shopper has a cart of their own). */
  cookies?: string[];
}

/** Each request from another shopper's address, so per-client limits measure as they would in production. */
const fromManyAddresses = [
  {
    setupRequest: (req: CannonRequest) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomAddress() } }),
  },
];

/** Each request from another address and, when the case has shoppers, as the next shopper. */
function shoppersInTurn(cookies: string[]) {
  let next = 0;
  return [
    {
      setupRequest: (req: CannonRequest) => ({
        ...req,
        headers: { ...req.headers, cookie: cookies[next++ % cookies.length]!, 'x-forwarded-for': randomAddress() },
      }),
    },
  ];
}

function cannonOptions(base: string, c: Case) {
  const requests = c.cookies ? shoppersInTurn(c.cookies) : fromManyAddresses;
  return {
    url: base + c.path,
    connections: CONNECTIONS,
    method: c.method ?? 'GET',
    headers: c.headers ?? {},
    ...(c.body ? { body: c.body } : {}),
    requests,
  };
}

/** A visitor's cart cookie after a first add of `commodityId`. */
async function visitorCart(base: string, commodityId: string): Promise<string> {
  const first = await fetch(`${base}/api/id/cart/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': randomAddress() },
    body: `cartV=20000&commodityId=${commodityId}`,
  });
  return (first.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

async function measure(base: string, c: Case, driver: string, label = c.name): Promise<void> {
  const opts = cannonOptions(base, c);
  await autocannon({ ...opts, duration: WARMUP });
  const r = await autocannon({ ...opts, duration: DURATION });
  rows.push({
    target: label,
    driver,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
  });
  process.stderr.write(`  ${driver.padEnd(9)} ${label.padEnd(24)} ${Math.round(r.requests.average)} req/s\n`);
}

/** One address floods sign-up (scrypt) and error reports (disk) on 20 connections while shoppers are measured. */
async function measureUnderAbuse(base: string, c: Case, driver: string): Promise<void> {
  const abuser = '10.66.66.66';
  const attack = (path: string, body: () => string) =>
    autocannon({
      url: base + path,
      connections: 10,
      duration: DURATION + WARMUP,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': abuser },
      requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
    });
  const flood = Promise.all([
    attack('/api/id/site/register', () =>
      JSON.stringify({ email: `x${randomBytes(6).toString('hex')}@example.com`, password: 'correct horse 1' }),
    ),
    attack('/api/id/error/errsave', () =>
      JSON.stringify({ url: 'https://x.example/', message: randomBytes(2000).toString('hex') }),
    ),
  ]);
  await measure(base, c, driver, `${c.name} under abuse`);
  const [register, errsave] = await flood;
  const refused = (r: Awaited<typeof register>) => r.statusCodeStats?.['429']?.count ?? 0;
  const total = (r: Awaited<typeof register>) =>
    Object.values(r.statusCodeStats ?? {}).reduce((n, s) => n + s.count, 0);
  process.stderr.write(
    `  ${driver.padEnd(9)} abuser: register ${refused(register)}/${total(register)} refused (429), errsave ` +
      `${refused(errsave)}/${total(errsave)} refused\n`,
  );
  abuseNotes.push(
    `${driver}: the abusive address sent ${total(register)} sign-ups (${refused(register)} refused with ` +
      `429) and ${total(errsave)} error reports (${refused(errsave)} refused)`,
  );
}
const abuseNotes: string[] = [];

/** Order placement at 20 connections: each request is another shopper's first order (stock reserved, mail queued). */
async function measurePlacement(base: string, db: Database, commodityId: string, driver: string): Promise<void> {
  await db.query(`UPDATE offers SET stock = 1000000 WHERE commodity_id = $1 AND local = 'id'`, [commodityId]);
  const shoppers = await orderShoppers(db, Number(process.env['BENCH_SHOPPERS'] ?? 3000), commodityId);
  let next = 0;
  const r = await autocannon({
    url: `${base}/api/id/order/place`,
    connections: 20,
    duration: DURATION,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const s = shoppers[next++ % shoppers.length]!;
          return {
            ...req,
            headers: { ...req.headers, cookie: s.cookie, 'x-forwarded-for': randomAddress() },
            body: JSON.stringify({ addressId: s.addressId, agreePrivacy: true }),
          };
        },
      },
    ],
  });
  const placed = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))[0]!.n;
  rows.push({
    target: 'order placement (20 conn)',
    driver,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
  });
  process.stderr.write(
    `  ${driver.padEnd(9)} order placement: ${placed} orders placed, ${Math.round(r.requests.average)} req/s\n`,
  );
  if (next > shoppers.length)
    abuseNotes.push(
      `${driver}: order placement ran out of fresh shoppers (${next} requests for ${shoppers.length}); ` +
        `raise BENCH_SHOPPERS`,
    );
}

/** Fails loudly when a case does not answer errno 0: a benchmark of error responses would be meaningless. */
async function check(base: string, c: Case): Promise<void> {
  const headers = { ...c.headers, ...(c.cookies ? { cookie: c.cookies[0]! } : {}) };
  const res = await fetch(base + c.path, { method: c.method ?? 'GET', headers, body: c.body });
  const body = (await res.json()) as { errno?: number; errmsg?: string };
  if (res.status !== 200 || body.errno !== 0)
    throw new Error(`${c.name}: HTTP ${res.status} errno ${body.errno} ${body.errmsg}`);
}

async function benchDriver(driver: 'pglite' | 'pg', db: Database): Promise<void> {
  const { base, close } = await startBenchApp(db, { seed: true });
  try {
    const item = (
      await db.query<{ commodity_id: string; product_id: string }>(
        `SELECT c.commodity_id, c.product_id FROM commodities c
         JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'id'
         WHERE o.stock > 0 ORDER BY c.commodity_id LIMIT 1`,
      )
    )[0];
    if (!item) throw new Error('no seeded commodity on sale in id');
    // Thousands of adds to one line would hit the purchase limit after a few; this database is the benchmark's own.
    await db.query(`UPDATE products SET purchase_limit = 2000000000 WHERE id = $1`, [item.product_id]);
    // One visitor cart (cookie) shared by every connection: each add waits for the cart's row lock, the contended
    // case. The "shoppers" case is the usual one: 100 visitors, each adding to their own cart.
    const cookie = await visitorCart(base, item.commodity_id);
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => visitorCart(base, item.commodity_id)));
    const add = {
      path: '/api/id/cart/add',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `cartV=20000&commodityId=${item.commodity_id}&quantity=1`,
    };
    const cases: Case[] = [
      { name: MISC_INFO, path: '/api/id/misc/info', headers: { cookie } },
      { name: 'cart add', ...add, cookies: shoppers },
      { name: 'cart add, one cart', ...add, headers: { ...add.headers, cookie } },
      { name: 'search suggest', path: '/api/id/v2/search/suggestList?keyword=redmi' },
      // Suggest with a typo, and the run-time search of every type (products, stores, support) of /id.
      { name: 'search suggest (typo)', path: '/api/id/v2/search/suggestList?keyword=redmj%20noet' },
      { name: 'search (all types)', path: '/api/id/search?keyword=xiaomi%20baterai' },
    ];
    // BENCH_CASES=suggest,search measures only the cases whose name contains one of the words (no abuse, no orders).
    const only = (process.env['BENCH_CASES'] ?? '')
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    const selected = only.length > 0 ? cases.filter((c) => only.some((w) => c.name.includes(w))) : cases;
    for (const c of selected) await check(base, c);
    for (const c of selected) await measure(base, c, driver);
    if (only.length > 0) return;
    for (const c of cases.slice(0, 2)) await measureUnderAbuse(base, c, driver);
    await measurePlacement(base, db, item.commodity_id, driver);
  } finally {
    await close();
  }
}

/**
 * The bare Fastify baseline of the misc/info target, measured first and again last: the host's speed drifts
 * over the run, and the mean of the two moves with it (as bench:build's two baselines do).
 */
async function measureHelloWorld(label: string): Promise<void> {
  process.stderr.write(`bare Fastify ${label}\n`);
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const helloBase = await listen(hello);
  await measure(helloBase, { name: 'hello-world', path: '/' }, 'none', label);
  await hello.close();
}

function printMiscInfoShare(): void {
  const baselines = rows.filter((r) => r.driver === 'none');
  const baseline = baselines.reduce((sum, r) => sum + r.reqPerSec, 0) / baselines.length;
  const perSecond = (v: number) => `${Math.round(v).toLocaleString('en-US')} req/s`;
  console.log(
    `\nbare Fastify: ${baselines.map((r) => `${r.target} ${perSecond(r.reqPerSec)}`).join(', ')}; mean ` +
      `${perSecond(baseline)}`,
  );
  for (const r of rows.filter((row) => row.target === MISC_INFO)) {
    const share = r.reqPerSec / baseline;
    console.log(
      `misc/info on ${r.driver}: ${(share * 100).toFixed(1)} % of it (target on pg ≥ ` +
        `${MISC_INFO_SHARE_TARGET * 100} %)`,
    );
  }
}

function printTable(): void {
  const header = ['case', 'driver', 'req/s', 'p50 ms', 'p99 ms', 'failed'];
  const lines = rows.map((r) => [
    r.target,
    r.driver,
    Math.round(r.reqPerSec).toLocaleString('en-US'),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.failed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s per case after ${WARMUP} s warm-up, loopback\n`,
  );
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

async function main(): Promise<void> {
  await measureHelloWorld('hello-world');

  process.stderr.write('PGlite (embedded)\n');
  await withFreshPglite((lite) => benchDriver('pglite', lite));

  const url = benchPostgresUrl();
  if (url) {
    process.stderr.write('Postgres\n');
    await withFreshPostgres(url, CONNECTIONS, (pg) => benchDriver('pg', pg));
  } else {
    rows.push({ target: '(all cases)', driver: 'pg', reqPerSec: 0, p50: 0, p99: 0, failed: 0 });
    process.stderr.write(
      'Postgres skipped: set DATABASE_URL or TEST_DATABASE_URL (server/scripts/start-test-postgres.sh)\n',
    );
  }
  await measureHelloWorld('hello-world (after)');
  printTable();
  printMiscInfoShare();
  if (!url) console.log('\npg: skipped (no DATABASE_URL / TEST_DATABASE_URL)');
  for (const note of abuseNotes) console.log(note);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
