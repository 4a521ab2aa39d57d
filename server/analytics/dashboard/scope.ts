import type { Queryable } from '../../db/types';
import { ApiError, Errno } from '../../errors';
import { findStorefront } from '../../storefront';

/** What a release manager may read, and the server's date (the day events arrive on) for default periods. */
export interface Viewer {
  /** The storefronts (URL prefixes) they look after; null: every storefront. */
  storefronts: string[] | null;
  today: string;
}

/** The release manager's storefronts (users.release_locals) and the database's current date, in one statement. */
export async function viewerOf(db: Queryable, userId: number): Promise<Viewer> {
  const row = (
    await db.query<{ today: string; release_locals: string[] | null }>(
      `SELECT current_date::text AS today, (SELECT release_locals FROM users WHERE id = $1) AS release_locals`,
      [userId],
    )
  )[0]!;
  return { storefronts: row.release_locals, today: row.today };
}

/**
 * The storefronts a request reads: 'all' (or nothing) is every storefront the viewer looks after; one storefront
 * must exist (50053) and be theirs (50054, HTTP 403). Answers null for every storefront.
 */
export function storefrontsToRead(viewer: Viewer, requested: string | undefined): string[] | null {
  if (requested === undefined || requested === 'all') return viewer.storefronts;
  const storefront = findStorefront(requested);
  if (!storefront)
    throw new ApiError(Errno.ANALYTICS_STOREFRONT_UNKNOWN, `no storefront "${requested.slice(0, 20)}"`, 400);
  if (viewer.storefronts && !viewer.storefronts.includes(storefront.urlLocal))
    throw new ApiError(
      Errno.ANALYTICS_STOREFRONT_NOT_YOURS,
      `storefront "${storefront.urlLocal}" is not one of yours (${viewer.storefronts.join(', ')})`,
      403,
    );
  return [storefront.urlLocal];
}
