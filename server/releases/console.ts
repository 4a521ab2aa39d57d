/**
 * Installs the release console's job side in the app: pg-boss on the store's database, one build worker per
 * process (the build queue lets one build be active per database, the build lock one per machine), the scheduled
 * publish worker, and the sweep that takes up builds whose process stopped. Routes: routes/releases/releases.ts.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config';
import { installMaintenance } from '../maintenance';
import { BUILD_QUEUE, PUBLISH_QUEUE, startBoss } from './boss';
import { buildCommand } from './build-process';
import { buildRunner, runPublishJob } from './build-job';
import { releaseService, type ReleaseService } from './release-service';
import type { Actor } from './release-store';
import { listReleasesOnDisk } from './releases-on-disk';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleaseService;
    /** The store's job queue (pg-boss), for the other features' queues. */
    jobs: PgBoss;
  }
}

/**
 * The releases folder: RELEASES_DIR, else the folder of PUBLIC_DIR when that is its `current` link, else `releases`.
 */
export function releasesDirOf(env: Pick<Env, 'RELEASES_DIR' | 'PUBLIC_DIR'>): string {
  if (env.RELEASES_DIR) return path.resolve(env.RELEASES_DIR);
  return path.resolve(path.basename(env.PUBLIC_DIR) === 'current' ? path.dirname(env.PUBLIC_DIR) : 'releases');
}

/** Starts the queue and the workers; they stop (a running build is queued again) when the app closes. */
export async function installReleaseConsole(app: FastifyInstance, env: Env): Promise<ReleaseService> {
  const boss = await startBoss(app.db, env.DATABASE_URL, (err) => {
    // Another process's build is active: the queue lets one be active at a time, and says so by this index.
    if (/job_i2/.test(err.message)) return;
    app.log.warn({ err }, 'job queue error');
  });
  const settings = {
    db: app.db,
    boss,
    releasesDir: releasesDirOf(env),
    workDir: path.resolve(env.BUILD_WORK_DIR),
    command: buildCommand(env.RELEASE_BUILD_COMMAND),
    staleMs: env.RELEASE_BUILD_STALE_MS,
    log: app.log,
  };
  const service = releaseService(settings);
  const runner = buildRunner(settings, service);
  if (env.RELEASE_WORKER !== 'off') {
    await boss.work<{ buildId: number }>(BUILD_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await runner.run(job.data.buildId);
    });
    await boss.work<{ buildId: number; actor: Actor; note: string }>(
      PUBLISH_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await runPublishJob(service, job.data);
      },
    );
    installMaintenance(app, [
      {
        name: 'release builds of stopped processes',
        everyMs: Math.max(1000, Math.floor(env.RELEASE_BUILD_STALE_MS / 2)),
        atStart: true,
        run: async () => void (await service.recoverStale()),
      },
      {
        name: 'release inputs and logs',
        everyMs: 6 * 60 * 60_000,
        run: () =>
          service.store.prune(listReleasesOnDisk(settings.releasesDir).flatMap((r) => Object.values(r.storefronts))),
      },
    ]);
  }
  app.decorate('releases', service);
  app.decorate('jobs', boss);
  app.addHook('onClose', async () => {
    // The build this process runs is stopped and queued again first; then nothing of ours is active, and pg-boss
    // need not wait out its polling (a graceful stop costs every test server a second).
    await runner.stop();
    await boss.stop({ graceful: false, wait: true });
  });
  return service;
}
