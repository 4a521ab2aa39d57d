import type { Database } from '../db/types';
import { applyServedRelease } from './served-prices';

/** What the console tells the price side after it changed what a storefront serves. */
export interface ServedReleaseChange {
  releasesDir: string;
  /** The storefronts (URL prefixes, e.g. `de`, `be-fr`) whose served release changed. */
  locals: string[];
  actorId: number | null;
  note: string;
}

interface Log {
  info(obj: object, msg?: string): void;
}

/**
 * Called after every publish and rollback the console performs: the API's prices follow the pages it serves, in
 * this process and, through the NOTIFY applyServedRelease sends, in every other one.
 */
export async function applyServedReleaseAfterPublish(
  db: Database,
  change: ServedReleaseChange,
  log: Log,
): Promise<{ changed: string[] }> {
  const result = await applyServedRelease(db, {
    releasesDir: change.releasesDir,
    locals: change.locals,
    actorId: change.actorId,
    note: change.note,
  });
  log.info(
    { locals: change.locals, changed: result.changed, actorId: change.actorId },
    'prices follow the served release',
  );
  return result;
}
