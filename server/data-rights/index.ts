/**
 * The shopper's data rights in the app: the data-export and account-erasure queues on the store's job queue
 * (pg-boss, started by the release console), their workers, and the repositories the routes use
 * (routes/account/data-rights.ts). Jobs are rows in the database, so an erasure due while no process runs is done
 * by the next one that starts.
 */
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config';
import { findStorefront } from '../storefront';
import { installMaintenance } from '../maintenance';
import { dataExportsRepository, type DataExportsRepository } from '../repositories/data-exports';
import {
  accountDeletionsRepository,
  DELETION_RETRY_HOURS,
  type AccountDeletionsRepository,
} from '../repositories/account-deletions';
import { accountErasedMail, exportReadyMail } from './mails';
import { buildArchive } from './archive';
import { createQueues } from '../releases/boss';

/** Archives to build: one job per archive. */
export const EXPORT_QUEUE = 'data-export';
/** Erasures of accounts whose grace period ends: one job per deletion, started after its effective time. */
export const ERASURE_QUEUE = 'account-erasure';

/** Default grace period of a confirmed deletion when the environment does not set one. */
export const DEFAULT_DELETION_GRACE_MS = 14 * 86_400_000;

export interface DataRights {
  exports: DataExportsRepository;
  deletions: AccountDeletionsRepository;
  graceMs: number;
  /** Queues the build of a new archive. */
  queueExport(exportId: number): Promise<void>;
  /** Queues the erasure of a confirmed deletion for its effective time. */
  queueErasure(deletionId: number, at: Date): Promise<void>;
  /** Builds one pending archive now (the export job's work). */
  runExport(exportId: number): Promise<void>;
  /** Erases one due deletion now (the erasure job's work); postponed ones are queued again. */
  runErasure(deletionId: number): Promise<'erased' | 'postponed' | 'skipped'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dataRights: DataRights;
  }
}

/** Starts the queues and workers (unless DATA_RIGHTS_WORKER is off) and decorates the app with `dataRights`. */
export async function installDataRights(app: FastifyInstance, env: Env, boss: PgBoss): Promise<DataRights> {
  const exports = dataExportsRepository(app.db);
  const deletions = accountDeletionsRepository(app.db);
  await createQueues(app.db, boss, [
    { name: EXPORT_QUEUE, policy: 'standard', retryLimit: 3, retryDelay: 30 },
    { name: ERASURE_QUEUE, policy: 'standard', retryLimit: 10, retryDelay: 60, retryBackoff: true },
  ]);

  const queueErasure = async (deletionId: number, at: Date) => {
    await boss.send(ERASURE_QUEUE, { deletionId }, { startAfter: at, singletonKey: `erase:${deletionId}:${+at}` });
  };

  const rights: DataRights = {
    exports,
    deletions,
    graceMs: env.ACCOUNT_DELETION_GRACE_MS ?? DEFAULT_DELETION_GRACE_MS,
    async queueExport(exportId) {
      await boss.send(EXPORT_QUEUE, { exportId }, { singletonKey: `export:${exportId}` });
    },
    queueErasure,
    async runExport(exportId) {
      const pending = await exports.pending(exportId);
      if (!pending) return;
      const storefront = findStorefront(pending.url_local);
      const started = performance.now();
      const archive = await buildArchive(exports, pending.user_id);
      const ms = Math.round(performance.now() - started);
      await exports.store(exportId, archive, ms, async (tx, row) => {
        const email = await deletions.recipient(tx, row.user_id);
        if (storefront && email && row.expires_at)
          await app.mail.enqueue(tx, exportReadyMail(app.mail.links(storefront), email, row.id, row.expires_at));
      });
      app.mail.wake();
    },
    async runErasure(deletionId) {
      const result = await deletions.erase(deletionId, async (tx, row, email) => {
        const storefront = findStorefront(row.url_local);
        if (storefront) await app.mail.enqueue(tx, accountErasedMail(app.mail.links(storefront), email, row.id));
      });
      if (result === 'erased') app.mail.wake();
      if (result === 'postponed')
        await queueErasure(deletionId, new Date(Date.now() + DELETION_RETRY_HOURS * 3_600_000));
      return result;
    },
  };

  await boss.work<{ exportId: number }>(EXPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    try {
      await rights.runExport(job.data.exportId);
    } catch (error) {
      app.log.error({ err: error, exportId: job.data.exportId }, 'data export failed');
      await exports.fail(job.data.exportId);
    }
  });
  await boss.work<{ deletionId: number }>(ERASURE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await rights.runErasure(job.data.deletionId);
  });
  installMaintenance(app, [
    // A safety net for a job lost with its queue (a restored backup): due deletions are erased anyway.
    {
      name: 'due account erasures',
      everyMs: 60 * 60_000,
      run: async () => {
        for (const id of await deletions.due()) await rights.runErasure(id);
      },
    },
    { name: 'expired data archives', everyMs: 60 * 60_000, run: () => exports.prune() },
  ]);
  app.decorate('dataRights', rights);
  return rights;
}
