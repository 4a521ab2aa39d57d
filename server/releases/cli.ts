/**
 * `npm run release -- <command>`: the release console's operations from a terminal, on the store's database
 * (DATABASE_URL, or the embedded one in DATA_DIR when no API has it open: PGlite is one process's database).
 *
 *   status                                   every storefront: served version, published when and by whom
 *   diff de                                  what changed in de's inputs since its served version was built
 *   build de[,fr] --note "…" [--at ISO] [--hold]   build (runs here unless an API's worker takes it), then publish
 *   publish <build> --note "…" [--at ISO]    publish a held build now or at a time
 *   cancel <build> --note "…"                cancel a queued, held or scheduled build
 *   rollback de --to <release id> --note "…" serve de as that release served it
 *   history [de]                             who did what, when and why
 *   log <build>                              a build's log
 */
import { userInfo } from 'node:os';
import { readEnv } from '../config';
import { openDatabase } from '../db/open';
import { migrate } from '../db/migrate';
import { ApiError } from '../errors';
import { BUILD_QUEUE, startBoss } from './boss';
import { buildCommand } from './build-process';
import { buildRunner } from './build-job';
import { releasesDirOf } from './console';
import { releaseService } from './release-service';
import type { Actor, Build } from './release-store';
import { storefrontDiff, storefrontStatuses } from './storefront-status';
import path from 'node:path';

const USAGE =
  'usage: npm run release -- status | diff <storefront> | build <storefronts> --note "…" [--at ISO] ' +
  '[--hold] | publish <build> --note "…" [--at ISO] | cancel <build> --note "…" | rollback <storefronts> ' +
  '--to <release> --note "…" | history [<storefront>] | log <build>';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const positional = (args: string[]): string[] =>
  args.filter(
    (arg, i) =>
      !arg.startsWith('--') &&
      !(i > 0 && args[i - 1]!.startsWith('--') && !args[i - 1]!.includes('=') && args[i - 1] !== '--hold'),
  );

function requireNote(args: string[]): string {
  const note = option(args, 'note')?.trim();
  if (!note) throw new Error('every action needs --note "why"');
  return note;
}

const line = (b: Build): string =>
  `#${b.id} ${b.locals.join(',')} ${b.state}${b.pagesTotal ? ` ${b.pagesDone}/${b.pagesTotal} pages` : ''}` +
  `${b.phase ? ` (${b.phase})` : ''}${b.publishAt ? ` publishes at ${b.publishAt.toISOString()}` : ''}` +
  `${b.releaseId ? ` → ${b.releaseId}` : ''}${b.error ? `: ${b.error}` : ''}`;

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error(USAGE);
  const env = readEnv();
  if (!env.DATABASE_URL) {
    const answer = await fetch(`http://127.0.0.1:${env.PORT}/api/health`).catch(() => null);
    if (answer)
      throw new Error(
        `an API runs on the embedded database (port ${env.PORT}), which one process at a time may open: ` +
          `use the console page (/<storefront>/releases/console/), stop the API, or run both on DATABASE_URL`,
      );
  }
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(db);
  const log = { info: () => undefined, warn: (obj: object, msg?: string) => console.warn(msg ?? '', obj) };
  const boss = await startBoss(db, env.DATABASE_URL, (err) => {
    if (!/job_i2/.test(err.message)) console.warn(`job queue: ${err.message}`);
  });
  const settings = {
    db,
    boss,
    releasesDir: releasesDirOf(env),
    workDir: path.resolve(env.BUILD_WORK_DIR),
    command: buildCommand(env.RELEASE_BUILD_COMMAND),
    staleMs: env.RELEASE_BUILD_STALE_MS,
    log,
  };
  const service = releaseService(settings);
  const actor: Actor = { id: null, label: `command line (${userInfo().username})` };
  try {
    const [target] = positional(args);
    switch (command) {
      case 'status': {
        for (const s of await storefrontStatuses(service.store, settings.releasesDir)) {
          if (!s.version) continue;
          console.log(
            `${s.local.padEnd(6)} ${s.releaseId}  published ${s.publishedAt ?? '?'} by ` +
              `${s.publishedBy ?? 'outside the console'}${s.note ? ` — ${s.note}` : ''}` +
              `${
                s.rollbackTargets.length ? `  (rollback: ${s.rollbackTargets.map((t) => t.releaseId).join(', ')})` : ''
              }`,
          );
        }
        for (const b of await service.store.open()) console.log(line(b));
        break;
      }
      case 'diff': {
        if (!target) throw new Error(USAGE);
        const d = await storefrontDiff(service.store, settings.releasesDir, target);
        if (!d.known)
          console.log(
            `${target}: the inputs of the served version were not recorded; changed since: ` +
              `${d.changedParts.join(', ')}`,
          );
        else if (d.diff!.same) console.log(`${target}: nothing changed since ${d.version}`);
        else console.log(JSON.stringify(d.diff, null, 2));
        break;
      }
      case 'build': {
        if (!target) throw new Error(USAGE);
        const at = option(args, 'at');
        let build = await service.requestBuild({
          locals: target.split(','),
          note: requireNote(args),
          actor,
          publishAt: at ? new Date(at) : null,
          hold: args.includes('--hold'),
        });
        console.log(`queued ${line(build)}`);
        // This process works the queue too, so a build runs with or without an API.
        const runner = buildRunner(settings, service);
        await boss.work<{ buildId: number }>(
          BUILD_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 1 },
          async ([job]) => void (job && (await runner.run(job.data.buildId))),
        );
        let shown = '';
        while (['queued', 'building', 'publishing'].includes(build.state)) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          build = (await service.store.byId(build.id))!;
          if (line(build) !== shown) console.log((shown = line(build)));
        }
        if (build.state === 'failed') process.exitCode = 1;
        break;
      }
      case 'publish': {
        const at = option(args, 'at');
        console.log(line(await service.publish(Number(target), actor, requireNote(args), at ? new Date(at) : null)));
        if (at) console.log('a running API publishes it then (or the next one started)');
        break;
      }
      case 'cancel':
        console.log(line(await service.cancel(Number(target), actor, requireNote(args))));
        break;
      case 'rollback': {
        const to = option(args, 'to');
        if (!target || !to) throw new Error(USAGE);
        const result = await service.rollback({ locals: target.split(','), to, actor, note: requireNote(args) });
        console.log(
          `serving ${Object.entries(result.versions)
            .map(([code, version]) => `${code} as ${version}`)
            .join(', ')} in release ${result.releaseId}`,
        );
        break;
      }
      case 'history':
        for (const e of (await service.store.events(50, target)).reverse())
          console.log(
            `${e.at.toISOString()} ${e.actorLabel}: ${e.action} ` +
              `${e.locals.join(',')}${e.buildId ? ` #${e.buildId}` : ''}` +
              `${e.releaseId ? ` ${e.releaseId}` : ''} — ${e.note}`,
          );
        break;
      case 'log':
        for (const l of await service.store.log(Number(target), 0, 4000)) console.log(l.line);
        break;
      default:
        throw new Error(USAGE);
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ApiError ? `refused: ${error.message}` : (error as Error).message);
  process.exit(1);
});
