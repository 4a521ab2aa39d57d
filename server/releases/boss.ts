/**
 * pg-boss on the store's own database. With DATABASE_URL it opens its own small pool. With the embedded PGlite
 * (one connection, in this process) it is given a `db` adapter over our Database: pg-boss 10 runs plain
 * parameterised statements there, plus a few scripts of several statements without parameters (its schema
 * migrations and maintenance, each wrapped in BEGIN … COMMIT with an advisory lock), which PGlite's extended
 * protocol refuses and its `exec` runs; their results are never read. PGlite runs all of it: partitioned job
 * tables, plpgsql functions, FOR UPDATE SKIP LOCKED, advisory locks (release-jobs.test.ts runs the queue on both).
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/types';

/** pg-boss's database adapter over our Database. */
export function bossDb(db: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await db.query(text, values) };
      try {
        return { rows: await db.query(text) };
      } catch (error) {
        // PGlite: "cannot insert multiple commands into a prepared statement".
        if (db.driver !== 'pglite' || !/multiple commands/.test((error as Error).message)) throw error;
        await db.exec(text);
        return { rows: [] };
      }
    },
  };
}

/**
 * The schema pg-boss keeps its tables in: `pgboss`, or beside a private test schema (`t_…_jobs`), so parallel tests on
 * one Postgres never take each other's jobs.
 */
export async function bossSchema(db: Database): Promise<string> {
  if (db.driver !== 'pg') return 'pgboss';
  const schema = (await db.query<{ schema: string }>(`SELECT current_schema() AS schema`))[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_jobs`;
}

/** The queue of storefront builds: one active at a time on a database (pg-boss's singleton policy). */
export const BUILD_QUEUE = 'release-build';
/** Publishes of finished builds, now or at a set time (startAfter). */
export const PUBLISH_QUEUE = 'release-publish';

/** Held while pg-boss makes its schema and queues: two processes starting at once deadlocked in that DDL. */
const START_LOCK = 72_410_030;

/**
 * A started pg-boss on the store's database, with the release queues: its own connection with `databaseUrl`, else
 * through `db`. On Postgres the start holds an advisory lock on our own connection, so API processes started
 * together make pg-boss's tables one after the other; PGlite is one process's database, and its one connection
 * must stay free for pg-boss's own statements.
 */
export async function startBoss(
  db: Database,
  databaseUrl: string | undefined,
  onError: (error: Error) => void,
): Promise<PgBoss> {
  const schema = await bossSchema(db);
  const connection = databaseUrl ? { connectionString: databaseUrl, max: 3 } : { db: bossDb(db) };
  // Cron schedules are not used (a publish at a time is a job with startAfter); maintenance expires and archives jobs.
  const boss = new PgBoss({ ...connection, schema, schedule: false, supervise: true, migrate: true });
  boss.on('error', onError);
  await oneStarterAtATime(db, async () => {
    await boss.start();
    await boss.createQueue(BUILD_QUEUE, { name: BUILD_QUEUE, policy: 'singleton' });
    await boss.createQueue(PUBLISH_QUEUE, { name: PUBLISH_QUEUE, policy: 'standard' });
  });
  return boss;
}

/**
 * Creates queues of another part of the app (data rights, say) under the same start lock: creating a queue is DDL
 * too, and two processes creating one at once deadlock.
 */
export async function createQueues(db: Database, boss: PgBoss, queues: readonly PgBoss.Queue[]): Promise<void> {
  await oneStarterAtATime(db, async () => {
    for (const queue of queues) await boss.createQueue(queue.name, queue);
  });
}

/** Runs `work` while holding the start lock on Postgres; PGlite's one connection must stay free for pg-boss. */
async function oneStarterAtATime(db: Database, work: () => Promise<void>): Promise<void> {
  if (db.driver !== 'pg') return work();
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [START_LOCK]);
    await work();
  });
}
