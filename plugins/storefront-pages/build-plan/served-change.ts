/**
 * The one place told that the served release changed (a publish of a build, a rollback, a per-storefront
 * rollback), with the storefronts whose pages changed. The API's prices must follow the pages they show:
 * - with a real Postgres (`DATABASE_URL`), this command applies the release's prices itself, and the NOTIFY that
 *   sends reaches every API process, on any machine;
 * - with the embedded database (one process's), the API on this machine sees `releases/current` change and
 *   applies them (server/releases/watch-served.ts); an API started later applies them at its start.
 */
import path from 'node:path';

export interface ServedChange {
  releasesDir: string;
  /** The release now served (`releases/current`). */
  releaseId: string;
  /** Storefronts (urlLocal) whose version changed; empty when only shared files did. */
  locals: string[];
  reason: 'publish' | 'rollback' | 'storefront rollback';
}

/** Called after every change of the served release this folder makes; see the module comment. */
export async function afterServedChange(change: ServedChange): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || change.locals.length === 0) return;
  // Loaded only here: a build without a database never opens the server's modules.
  const [{ openDatabase }, { applyServedRelease }] = await Promise.all([
    import('../../../server/db/open'),
    import('../../../server/releases/served-prices'),
  ]);
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const { changed } = await applyServedRelease(db, {
      releasesDir: path.resolve(change.releasesDir),
      releaseId: change.releaseId,
      locals: change.locals,
      note: change.reason,
    });
    console.log(
      changed.length > 0
        ? `The API now quotes the prices of ${change.releaseId} in ${changed.join(', ')}.`
        : `The API already quoted the prices of ${change.releaseId}.`,
    );
  } catch (error) {
    // The release is served already; its prices follow when an API applies it (at its start, or on seeing the swap).
    console.error(
      `The release is served, but its prices could not be applied to the database: ${(error as Error).message}`,
    );
  } finally {
    await db.close();
  }
}
