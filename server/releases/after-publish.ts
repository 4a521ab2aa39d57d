import type { Database } from '../db/types';

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
 * Called after every publish and rollback the console performs, so the API's prices follow the pages it serves.
 * The lead wires this to `applyServedRelease(db, { releasesDir, locals, actorId, note })` of
 * server/releases/served-prices.ts (the price side's module); until then it only writes a log line.
 */
export async function applyServedReleaseAfterPublish(_db: Database, change: ServedReleaseChange, log: Log): Promise<{ changed: string[] }> {
  log.info({ locals: change.locals, actorId: change.actorId }, 'served release changed: prices follow once applyServedRelease is wired');
  return { changed: [] };
}
