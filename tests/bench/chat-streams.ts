/**
 * What anonymous chat streams leave in the database: new visitors (no cookie) open `GET de/chat/stream`, read its
 * first line and leave, on BENCH_CONNECTIONS connections for BENCH_SECONDS; then it prints the streams opened and the
 * rows and pg_total_relation_size of chat_conversations, on PGlite and (with DATABASE_URL or TEST_DATABASE_URL)
 * Postgres.
 *   npx tsx tests/bench/chat-streams.ts
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npx tsx tests/bench/chat-streams.ts
 */
import type { Database } from '../../server/db/types';
import { randomAddress } from '../../server/test-support/harness';
import { onEachDriver, startBenchApp } from './bench-server';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 20);

async function conversations(db: Database): Promise<string> {
  const row = (
    await db.query<{ n: number; bytes: number }>(
      `SELECT count(*)::int AS n, pg_total_relation_size('chat_conversations')::float8 AS bytes
       FROM chat_conversations`,
    )
  )[0]!;
  return `${row.n} rows, ${(row.bytes / 1024).toFixed(0)} KB`;
}

async function run(driver: string, db: Database): Promise<void> {
  const server = await startBenchApp(db, { seed: false });
  const before = await conversations(db);
  const until = Date.now() + SECONDS * 1000;
  let opened = 0;
  const visitor = async () => {
    while (Date.now() < until) {
      const ctrl = new AbortController();
      const res = await fetch(`${server.base}/api/de/chat/stream`, {
        signal: ctrl.signal,
        headers: { 'x-forwarded-for': randomAddress() },
      });
      await res.body!.getReader().read();
      ctrl.abort();
      opened++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, visitor));
  console.log(
    `${driver}: ${opened} visitor streams in ${SECONDS} s; chat_conversations before ${before}, after ` +
      `${await conversations(db)}`,
  );
  await server.close();
}

onEachDriver({ pgConnections: CONNECTIONS }, run).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
