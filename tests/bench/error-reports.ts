/**
 * How much disk front-end error reports take under a flood from many addresses: distinct reports of the largest
 * accepted size (`POST error/errsave`) from BENCH_ADDRESSES client addresses (X-Forwarded-For from the trusted
 * loopback proxy) for each of BENCH_PHASES seconds, then the maintenance prune. After each step it prints the rows and
 * pg_total_relation_size of the error tables and, on PGlite, the data folder (and its pg_wal); on Postgres the WAL
 * written (pg_current_wal_lsn, the whole cluster: other sessions add to it). Each phase after the first starts a new
 * budget window (as an hour later: the hourly byte budgets are emptied), so every phase writes all it may. On
 * PGlite a CHECKPOINT at the end shows how much of the data folder was write-ahead log waiting to be recycled.
 *   npx tsx tests/bench/error-reports.ts
 * BENCH_ADDRESSES=1000 BENCH_PHASES=10,30 BENCH_CONNECTIONS=50 DATABASE_URL=postgres://… npx tsx
 * tests/bench/error-reports.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/types';
import { ERRSAVE_MAX_CONTENT } from '../../server/routes/site/error-reports';
import { autocannon } from './autocannon';
import { onEachDriver, startBenchApp } from './bench-server';

const ADDRESSES = Number(process.env['BENCH_ADDRESSES'] ?? 1000);
const PHASES = (process.env['BENCH_PHASES'] ?? '10,30').split(',').map(Number);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const MB = 1024 * 1024;

const addresses = Array.from({ length: ADDRESSES }, (_, i) => `10.77.${i >> 8}.${i & 255}`);
/** Random letters g…v: a group blanks numbers and hex ids, so a hex tag would make every report one group. */
const letters = () => [...randomBytes(12)].map((b) => String.fromCharCode(103 + (b % 16))).join('');
/** A distinct report (its own fingerprint: the message differs) of the largest content the route takes. */
const report = () =>
  JSON.stringify({
    url: `https://shop.example/id/p/${randomBytes(8).toString('hex')}`,
    content: `Error ${letters()}\n${randomBytes(ERRSAVE_MAX_CONTENT)
      .toString('base64')
      .slice(0, ERRSAVE_MAX_CONTENT - 30)}`,
  });

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

/** Rows and bytes (with indexes and TOAST) of every table whose name starts with error_. */
async function errorTables(db: Database): Promise<{ rows: number; bytes: number; detail: string }> {
  const tables = await db.query<{ name: string; bytes: number }>(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid)::float8 AS bytes FROM pg_class c
     WHERE c.relkind = 'r' AND c.relname LIKE 'error\\_%' AND c.relnamespace = (SELECT oid FROM pg_namespace
       WHERE nspname = current_schema()) ORDER BY 1`,
  );
  let rows = 0;
  const parts: string[] = [];
  for (const t of tables) {
    const n = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`))[0]!.n;
    rows += n;
    parts.push(`${t.name} ${n} rows ${(t.bytes / MB).toFixed(1)} MB`);
  }
  return { rows, bytes: tables.reduce((s, t) => s + t.bytes, 0), detail: parts.join(', ') };
}

async function walLsn(db: Database): Promise<string | null> {
  return db.driver === 'pg'
    ? (await db.query<{ lsn: string }>(`SELECT pg_current_wal_lsn()::text AS lsn`))[0]!.lsn
    : null;
}
async function walSince(db: Database, lsn: string | null): Promise<string> {
  if (!lsn) return '';
  const bytes = (
    await db.query<{ b: number }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::float8 AS b`, [lsn])
  )[0]!.b;
  return `, WAL written ${(bytes / MB).toFixed(0)} MB`;
}

async function snapshot(db: Database, label: string, dataDir: string | null, lsn: string | null): Promise<void> {
  const t = await errorTables(db);
  const disk = dataDir
    ? `, data folder ${(dirBytes(dataDir) / MB).toFixed(0)} MB (pg_wal ` +
      `${(dirBytes(path.join(dataDir, 'pg_wal')) / MB).toFixed(0)} MB)`
    : '';
  console.log(
    `  ${label.padEnd(28)} ${t.rows} rows, ${(t.bytes / MB).toFixed(1)} MB in error ` +
      `tables${disk}${await walSince(db, lsn)}\n      ${t.detail}`,
  );
}

async function flood(base: string, seconds: number): Promise<string> {
  let next = 0;
  const r = await autocannon({
    url: `${base}/api/id/error/errsave`,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': addresses[next++ % addresses.length]! },
          body: report(),
        }),
      },
    ],
  });
  const codes = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}: ${s.count}`)
    .join(', ');
  return `${r.requests.total} requests (${codes})`;
}

async function run(driver: string, db: Database, dataDir: string | null): Promise<void> {
  const server = await startBenchApp(db, { seed: false });
  console.log(
    `\n${driver}: ${ADDRESSES} addresses, ${CONNECTIONS} connections, reports of ${ERRSAVE_MAX_CONTENT} characters`,
  );
  const lsn = await walLsn(db);
  await snapshot(db, 'before', dataDir, lsn);
  let elapsed = 0;
  for (const [i, seconds] of PHASES.entries()) {
    const budgets = (
      await db.query<{ has: boolean }>(`SELECT to_regclass('error_report_budgets') IS NOT NULL AS has`)
    )[0]!.has;
    if (i > 0 && budgets) {
      await db.query(`DELETE FROM error_report_budgets`);
      console.log('      (a new budget window: the hourly byte budgets start again)');
    }
    const sent = await flood(server.base, seconds);
    elapsed += seconds;
    await snapshot(db, `after ${elapsed} s`, dataDir, lsn);
    console.log(`      ${sent}`);
  }
  await server.app.repos.errorReports.prune();
  await snapshot(db, 'after the maintenance prune', dataDir, lsn);
  if (dataDir) {
    // PGlite keeps the write-ahead log until a checkpoint (max_wal_size, 1 GB, by default); this shows what one frees.
    await db.query('CHECKPOINT');
    await snapshot(db, 'after a CHECKPOINT', dataDir, lsn);
  }
  await server.close();
}

onEachDriver({ pgConnections: CONNECTIONS }, run).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
