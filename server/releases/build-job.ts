/**
 * Runs a queued build: takes the machine's build lock, records the inputs, runs the build as a child process while
 * streaming its progress and log into the database, then publishes now, schedules the publish, or holds the build.
 * A failed build publishes nothing and keeps its log. A build cut off by the process stopping is queued again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { summarizeInputs } from './inputs-summary';
import { progressAfter, plainLine, type BuildProgress } from './build-progress';
import { startBuildProcess, type RunningBuild } from './build-process';
import { takeBuildLock } from './build-lock';
import { PUBLISH_QUEUE } from './boss';
import { BUILD_MARKER, type ConsoleSettings, type ReleaseService } from './release-service';
import type { Actor, Build } from './release-store';

/** How often the log and progress go to the database while a build runs. */
const FLUSH_MS = 500;
/** How long a build waits before it asks again while another build holds the work folder. */
const WAIT_MS = 15_000;

export interface BuildRunner {
  run(buildId: number): Promise<void>;
  /** Stops the build this process runs (the API is shutting down) and resolves once it is queued again. */
  stop(): Promise<void>;
}

export function buildRunner(settings: ConsoleSettings, service: ReleaseService): BuildRunner {
  const { store } = service;
  let current: RunningBuild | null = null;
  let stopping = false;
  const runs = new Set<Promise<void>>();

  /** Runs the child; resolves to how it ended. */
  async function buildOnce(build: Build): Promise<'built' | 'failed' | 'stopped'> {
    let progress: BuildProgress = { phase: 'starting', pagesDone: 0, pagesTotal: 0 };
    let pending: string[] = [];
    let flushing = Promise.resolve();
    const flush = () => {
      const lines = pending;
      pending = [];
      const p = progress;
      flushing = flushing
        .then(async () => {
          await store.appendLog(build.id, lines);
          // Written every time, as the heartbeat too: a build that stops writing it belongs to a process that is gone.
          await store.progress(build.id, p);
        })
        .catch((err: unknown) => settings.log.warn({ err, build: build.id }, 'could not write build progress'));
      return flushing;
    };
    const heartbeatMs = Math.max(200, Math.min(5_000, Math.floor(settings.staleMs / 4)));
    const timer = setInterval(() => void flush(), Math.min(FLUSH_MS, heartbeatMs));
    const env = {
      ...process.env,
      REGIONS: build.locals.join(','),
      BUILD_WORK_DIR: settings.workDir,
      RELEASES_DIR: settings.releasesDir,
      FORCE_COLOR: '0',
    };
    const child = startBuildProcess(settings.command, env, (line) => {
      const text = plainLine(line);
      if (!text) return;
      const next = progressAfter(text, progress);
      if (next) progress = next;
      if (!text.startsWith('@@progress ')) pending.push(text);
    });
    current = child;
    const ended = await child.done;
    current = null;
    clearInterval(timer);
    if (stopping) {
      await flush();
      return 'stopped';
    }
    if (ended.code === 0) {
      pending.push(
        `build finished in ${((Date.now() - (build.startedAt?.getTime() ?? Date.now())) / 1000).toFixed(1)} s`,
      );
      await flush();
      return 'built';
    }
    pending.push(`build failed (exit ${ended.code ?? ended.signal}): nothing was published; the served release stays`);
    await flush();
    return 'failed';
  }

  async function run(buildId: number): Promise<void> {
    const build = await store.byId(buildId);
    if (build?.state !== 'queued') return; // cancelled, or taken up by another job already
    const waiting = (await store.open()).find(
      (b) => b.id !== buildId && ['built', 'scheduled', 'publishing'].includes(b.state),
    );
    if (waiting) {
      // The work folder holds that build until it is published: building now would overwrite it.
      await service.queueBuild(buildId, new Date(Date.now() + WAIT_MS));
      return;
    }
    const lock = takeBuildLock(settings.releasesDir);
    if ('holder' in lock) {
      await service.queueBuild(buildId, new Date(Date.now() + WAIT_MS));
      return;
    }
    try {
      const started = await store.start(buildId, await store.recentDurationMs(build.locals));
      if (!started) return;
      await store.appendLog(buildId, [
        `build #${buildId} of ${started.locals.join(', ')} started (attempt ${started.attempts}, process ` +
          `${process.pid})`,
      ]);
      await store.saveInputs(
        buildId,
        started.locals.map((local) => ({ local, summary: summarizeInputs(local) })),
      );
      const outcome = await buildOnce(started);
      const actor: Actor = { id: started.requestedBy, label: started.requestedByLabel };
      if (outcome === 'stopped') {
        await store.appendLog(buildId, ['the API stopped during the build: it starts again when an API runs']);
        if (await store.move(buildId, ['building'], 'queued')) await service.queueBuild(buildId);
        return;
      }
      if (outcome === 'failed') {
        const failed = await store.move(buildId, ['building'], 'failed', { error: 'the build failed: see its log' });
        if (failed)
          await store.addEvent({
            actor,
            action: 'fail',
            locals: started.locals,
            buildId,
            releaseId: null,
            note: started.note,
          });
        return;
      }
      fs.mkdirSync(settings.workDir, { recursive: true });
      fs.writeFileSync(path.join(settings.workDir, BUILD_MARKER), `${JSON.stringify({ buildId })}\n`);
      const due =
        started.publishMode === 'at' && started.publishAt && started.publishAt.getTime() > Date.now()
          ? started.publishAt
          : null;
      if (started.publishMode === 'hold') {
        await store.move(buildId, ['building'], 'built');
      } else if (due) {
        await store.move(buildId, ['building'], 'scheduled');
        await settings.boss.send(
          PUBLISH_QUEUE,
          { buildId, actor, note: started.note },
          { startAfter: due, retryLimit: 2, retryDelay: 10 },
        );
        await store.addEvent({
          actor,
          action: 'schedule',
          locals: started.locals,
          buildId,
          releaseId: null,
          note: started.note,
        });
        await store.appendLog(buildId, [`built; publishes at ${due.toISOString()}`]);
      } else {
        const moved = await store.move(buildId, ['building'], 'publishing');
        // publishMoved logs and records a failure
        if (moved) await service.publishMoved(moved, actor, started.note).catch(() => undefined);
      }
    } finally {
      lock.release();
    }
  }

  return {
    run(buildId) {
      const running = run(buildId).finally(() => runs.delete(running));
      runs.add(running);
      return running;
    },
    async stop() {
      stopping = true;
      current?.stop();
      await Promise.allSettled([...runs]);
    },
  };
}

/** The scheduled publish job: publishes the build if it still waits (a publish now may have come first). */
export async function runPublishJob(
  service: ReleaseService,
  data: { buildId: number; actor: Actor; note: string },
): Promise<void> {
  const build = await service.store.byId(data.buildId);
  if (!build || (build.state !== 'scheduled' && build.state !== 'built')) return;
  // A failure is in the build's log and the history.
  await service.publish(data.buildId, data.actor, data.note).catch(() => undefined);
}
