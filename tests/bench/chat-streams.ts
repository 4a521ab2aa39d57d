/**
 * What anonymous chat streams leave in the database: new visitors (no cookie) open `GET de/chat/stream`, read its
 * first line and leave, on BENCH_CONNECTIONS connections for BENCH_SECONDS; then it prints the streams opened and the
 * rows and pg_total_relation_size of chat_conversations, on PGlite and (with DATABASE_URL or TEST_DATABASE_URL)
 * Postgres.
 *   npx tsx tests/bench/chat-streams.ts
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npx tsx tests/bench/chat-streams.ts
 */
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { openPg } from '../../server/db/pg-driver';
import { openPglite } from '../../server/db/pglite-driver';
import type { Database } from '../../server/db/types';
import { freshPgliteDir } from '../../server/test-support/template';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 20);

async function conversations(db: Database): Promise<string> {
  const row = (await db.query<{ n: number; bytes: number }>(`SELECT count(*)::int AS n, pg_total_relation_size('chat_conversations')::float8 AS bytes FROM chat_conversations`))[0]!;
  return `${row.n} rows, ${(row.bytes / 1024).toFixed(0)} KB`;
}

async function run(driver: string, db: Database): Promise<void> {
  const publicDir = fs.mkdtempSync('/tmp/bench-public-');
  const app = await buildApp({ db, logger: false, seed: false, env: { PUBLIC_DIR: publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const before = await conversations(db);
  const until = Date.now() + SECONDS * 1000;
  let opened = 0;
  const visitor = async () => {
    while (Date.now() < until) {
      const ctrl = new AbortController();
      const res = await fetch(`${base}/api/de/chat/stream`, { signal: ctrl.signal, headers: { 'x-forwarded-for': `10.${randomBytes(3).join('.')}` } });
      await res.body!.getReader().read();
      ctrl.abort();
      opened++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, visitor));
  console.log(`${driver}: ${opened} visitor streams in ${SECONDS} s; chat_conversations before ${before}, after ${await conversations(db)}`);
  await app.close();
  fs.rmSync(publicDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const dir = await freshPgliteDir();
  const lite = await openPglite(dir);
  try {
    await run('PGlite', lite);
  } finally {
    await lite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env['DATABASE_URL'] ?? process.env['TEST_DATABASE_URL'];
  if (!url) return console.log('Postgres skipped: set DATABASE_URL or TEST_DATABASE_URL');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const pg = await openPg(url, { schema, max: CONNECTIONS });
  try {
    await run('Postgres', pg);
  } finally {
    await pg.query(`DROP SCHEMA ${schema} CASCADE`);
    await pg.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
