/**
 * The release console's operations, shared by the API (routes/releases/releases.ts) and the command line (cli.ts):
 * queue a
 * build, run it as a job (build-job.ts does the running), publish now or at a time, cancel, roll back, and the
 * read side (builds, logs, history). Every action is written to the history with its note.
 */
import fs from 'node:fs';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import { BUILD_QUEUE, PUBLISH_QUEUE } from './boss';
import { getStorefront } from '../../region-config';
import { publishRelease, rollbackStorefronts } from '../../plugins/storefront-pages/build-plan/publish';
import type { Database } from '../db/types';
import { ApiError, Errno } from '../errors';
import { applyServedReleaseAfterPublish } from './after-publish';
import { releaseStore, type Actor, type Build } from './release-store';
import { readManifest, servedRelease } from './releases-on-disk';
import { takeBuildLock } from './build-lock';

/** Written into the work folder after a build, so a publish knows the folder still holds that build. */
export const BUILD_MARKER = '.console-build.json';

export interface ConsoleSettings {
  db: Database;
  boss: PgBoss;
  releasesDir: string;
  workDir: string;
  command: string[];
  /** A build or publish whose heartbeat is older than this belongs to a process that is gone. */
  staleMs: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

const refuse = (message: string, errno: number = Errno.RELEASE_STATE, status = 200) =>
  new ApiError(errno as never, message, status);

/** Checks storefront codes (URL prefixes): unknown ones are the caller's mistake. */
export function checkLocals(locals: string[]): string[] {
  const unique = [...new Set(locals.map((code) => code.trim()))];
  const unknown = unique.filter((code) => !getStorefront(code));
  if (unique.length === 0 || unknown.length > 0)
    throw new ApiError(
      Errno.INVALID_PARAM,
      `invalid parameter: unknown storefront ${unknown.join(', ') || '(none given)'}`,
      400,
    );
  return unique;
}

/** The operations; `running` is the build this process runs now (stopped when the process stops). */
export function releaseService(settings: ConsoleSettings) {
  const { db, boss, releasesDir, workDir, log } = settings;
  const store = releaseStore(db);

  async function queueBuild(buildId: number, startAfter?: Date): Promise<void> {
    // Retries are for the queue's own failures; a build that fails is final (its log says why), and a build cut
    // off by a stop or a crash is queued again as a new job (build-job.ts, recoverStale).
    const jobId = await boss.send(
      BUILD_QUEUE,
      { buildId },
      { retryLimit: 2, retryDelay: 5, expireInSeconds: 6 * 3600, ...(startAfter ? { startAfter } : {}) },
    );
    if (jobId) await store.setJob(buildId, jobId);
  }

  function readMarker(): number | null {
    try {
      return (JSON.parse(fs.readFileSync(path.join(workDir, BUILD_MARKER), 'utf8')) as { buildId: number }).buildId;
    } catch {
      return null;
    }
  }

  /** Publishes a build that is `publishing` (moved there by the caller): the work folder must still hold it. */
  async function publishMoved(build: Build, actor: Actor, note: string): Promise<Build> {
    const heartbeat = setInterval(
      () => void store.touch(build.id).catch(() => undefined),
      Math.max(200, Math.min(5_000, Math.floor(settings.staleMs / 4))),
    );
    try {
      if (readMarker() !== build.id)
        throw new Error(`the work folder ${workDir} no longer holds build #${build.id}: build again`);
      const started = Date.now();
      const result = await publishRelease({ workDir, releasesDir });
      const versions = Object.fromEntries(
        Object.entries(servedRelease(releasesDir)?.storefronts ?? {}).filter(([code]) => build.locals.includes(code)),
      );
      await store.attachVersions(build.id, versions);
      await store.appendLog(build.id, [
        `published as ${result.id} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `(${result.newStorefronts} storefronts in a new version, ${result.sharedStorefronts} shared)`,
      ]);
      await applyServedReleaseAfterPublish(db, { releasesDir, locals: build.locals, actorId: actor.id, note }, log);
      const published = await store.move(build.id, ['publishing'], 'published', { releaseId: result.id });
      await store.addEvent({
        actor,
        action: 'publish',
        locals: build.locals,
        buildId: build.id,
        releaseId: result.id,
        note,
      });
      return published ?? build;
    } catch (error) {
      const message = (error as Error).message;
      await store.appendLog(build.id, [`publish failed: ${message}`]);
      await store.move(build.id, ['publishing'], 'failed', { error: `publish failed: ${message}` });
      await store.addEvent({
        actor,
        action: 'fail',
        locals: build.locals,
        buildId: build.id,
        releaseId: null,
        note: `publish failed: ${message}`.slice(0, 500),
      });
      throw refuse(`publish failed: ${message}`);
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    store,
    releasesDir,
    queueBuild,
    publishMoved,
    readMarker,

    /**
     * Queues a build of `locals`; it publishes when built (`now`), at `publishAt`, or waits for a publish call
     * (`hold`).
     */
    async requestBuild(input: {
      locals: string[];
      note: string;
      actor: Actor;
      publishAt?: Date | null;
      hold?: boolean;
    }): Promise<Build> {
      const locals = checkLocals(input.locals);
      const waiting = (await store.open()).find((b) => b.state === 'built' || b.state === 'scheduled');
      if (waiting)
        throw refuse(
          `build #${waiting.id} (${waiting.locals.join(', ')}) waits to be ` +
            `published${waiting.publishAt ? ` at ${waiting.publishAt.toISOString()}` : ''}: publish or ` +
            `cancel it first`,
        );
      const at = input.publishAt && input.publishAt.getTime() > Date.now() ? input.publishAt : null;
      const build = await store.createBuild({
        locals,
        note: input.note,
        actor: input.actor,
        publishMode: input.hold ? 'hold' : at ? 'at' : 'now',
        publishAt: input.hold ? null : at,
      });
      await queueBuild(build.id);
      return (await store.byId(build.id))!;
    },

    /** Publishes a built build now, or at `at` (a job that starts then). */
    async publish(buildId: number, actor: Actor, note: string, at?: Date | null): Promise<Build> {
      const build = await store.byId(buildId);
      if (!build) throw new ApiError(Errno.NOT_FOUND, 'no such build', 404);
      if (at && at.getTime() > Date.now() + 1000) {
        const scheduled = await store.schedule(buildId, at);
        if (!scheduled) throw refuse(`build #${buildId} is ${build.state}: only a built build can be published`);
        await boss.send(PUBLISH_QUEUE, { buildId, actor, note }, { startAfter: at, retryLimit: 2, retryDelay: 10 });
        await store.addEvent({ actor, action: 'schedule', locals: build.locals, buildId, releaseId: null, note });
        await store.appendLog(buildId, [`publish scheduled for ${at.toISOString()}`]);
        return scheduled;
      }
      const moved = await store.move(buildId, ['built', 'scheduled'], 'publishing');
      if (!moved) throw refuse(`build #${buildId} is ${build.state}: only a built build can be published`);
      const lock = takeBuildLock(releasesDir);
      if ('holder' in lock) {
        await store.move(buildId, ['publishing'], build.state);
        throw refuse(`a build is running on this machine (process ${lock.holder}): publish when it has finished`);
      }
      try {
        return await publishMoved(moved, actor, note);
      } finally {
        lock.release();
      }
    },

    /** Cancels a build that is queued or waits to be published; a running build finishes first. */
    async cancel(buildId: number, actor: Actor, note: string): Promise<Build> {
      const build = await store.byId(buildId);
      if (!build) throw new ApiError(Errno.NOT_FOUND, 'no such build', 404);
      const cancelled = await store.move(buildId, ['queued', 'built', 'scheduled'], 'cancelled');
      if (!cancelled) throw refuse(`build #${buildId} is ${build.state}: it cannot be cancelled now`);
      if (build.jobId) await boss.cancel(BUILD_QUEUE, build.jobId).catch(() => undefined);
      await store.addEvent({ actor, action: 'cancel', locals: build.locals, buildId, releaseId: null, note });
      return cancelled;
    },

    /** Serves `locals` as release `to` served them (pages in one step, then the API's prices). */
    async rollback(input: {
      locals: string[];
      to: string;
      actor: Actor;
      note: string;
    }): Promise<{ releaseId: string; versions: Record<string, string> }> {
      const locals = checkLocals(input.locals);
      if (!/^r-\d{8}T\d{9}Z-[0-9a-z]+$/.test(input.to))
        throw new ApiError(Errno.INVALID_PARAM, 'invalid parameter: to is not a release id', 400);
      let result;
      try {
        result = await rollbackStorefronts({ releasesDir, to: input.to, locals });
      } catch (error) {
        throw refuse(`rollback refused: ${(error as Error).message}`);
      }
      await applyServedReleaseAfterPublish(db, { releasesDir, locals, actorId: input.actor.id, note: input.note }, log);
      await store.addEvent({
        actor: input.actor,
        action: 'rollback',
        locals,
        buildId: null,
        releaseId: result.id,
        note: input.note,
      });
      const served = readManifest(path.join(releasesDir, result.id))?.storefronts ?? {};
      return {
        releaseId: result.id,
        versions: Object.fromEntries(result.storefronts.map((code) => [code, served[code]?.version ?? ''])),
      };
    },

    /**
     * Builds and publishes whose process is gone (crash, machine stop): a build is queued again as a new job, a
     * publish is tried again (the work folder still holds its build, or the publish fails and says so).
     */
    async recoverStale(): Promise<number[]> {
      const recovered: number[] = [];
      for (const build of await store.stale(settings.staleMs)) {
        if (build.state === 'building') {
          if (!(await store.move(build.id, ['building'], 'queued'))) continue;
          if (build.jobId) await boss.cancel(BUILD_QUEUE, build.jobId).catch(() => undefined);
          await store.appendLog(build.id, ['the process running this build stopped answering: the build starts again']);
          await queueBuild(build.id);
        } else if (build.state === 'publishing') {
          if (!(await store.move(build.id, ['publishing'], 'built'))) continue;
          await store.appendLog(build.id, ['the process publishing this build stopped answering: publishing again']);
          await boss.send(
            PUBLISH_QUEUE,
            { buildId: build.id, actor: { id: build.requestedBy, label: build.requestedByLabel }, note: build.note },
            { retryLimit: 2, retryDelay: 10 },
          );
        }
        recovered.push(build.id);
      }
      if (recovered.length > 0) log.warn({ builds: recovered }, 'release builds of a stopped process taken up again');
      return recovered;
    },
  };
}

export type ReleaseService = ReturnType<typeof releaseService>;
