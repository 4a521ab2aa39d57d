/**
 * A release published or rolled back by a command on this machine (`npm run build`, `npm run site:publish`,
 * `npm run site:rollback`) swaps `releases/current` without telling the API: with the embedded database no other
 * process can open it. The API watches the releases folder and applies the newly served release itself, so its
 * prices follow the pages within a second whoever swapped the link. The console's own publishes apply at once
 * with their author and note; this watcher then finds nothing left to change.
 */
import fs from 'node:fs';
import type { Database } from '../db/types';
import { applyServedRelease } from './served-prices';

interface Log {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Lets a publish in this process apply with its author and note first, and lets a burst of swaps settle. */
const SETTLE_MS = 300;

/** Watches `releasesDir/current`; resolves to the function that stops watching. */
export function watchServedRelease(db: Database, releasesDir: string, log: Log): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const apply = () => {
    running = running
      .then(() => applyServedRelease(db, { releasesDir, note: 'served release swapped on disk' }))
      .then(
        ({ changed }) =>
          changed.length > 0 && log.info({ storefronts: changed }, 'prices of the newly served release applied'),
      )
      .catch((err: unknown) => log.error({ err }, 'the prices of the newly served release could not be applied'));
  };
  let watcher: fs.FSWatcher;
  try {
    watcher = fs.watch(releasesDir, (_event, name) => {
      if (name !== 'current') return;
      clearTimeout(timer);
      timer = setTimeout(apply, SETTLE_MS);
    });
  } catch (err) {
    log.error({ err }, `cannot watch ${releasesDir}: prices follow a release published by a command at the next start`);
    return () => {};
  }
  watcher.on('error', (err) => log.error({ err }, `stopped watching ${releasesDir}`));
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
