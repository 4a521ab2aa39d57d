/** What the API does about served prices when it starts: apply the served release, then follow later swaps. */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/types';
import { applyServedRelease } from './served-prices';
import { listenForServedPrices } from './price-caches';
import { releasesDirOf } from './served-release';
import { watchServedRelease } from './watch-served';

/**
 * Applies the release PUBLIC_DIR serves (so `npm start` after a build quotes what the pages show) and listens for
 * later changes by any process. A PUBLIC_DIR that is not `…/releases/current` has no releases: prices stay the
 * snapshot's.
 */
export async function applyServedReleaseAtStart(
  db: Database,
  publicDir: string,
  app: Pick<FastifyInstance, 'log' | 'addHook'>,
): Promise<void> {
  const stop = await listenForServedPrices(db, app.log);
  app.addHook('onClose', async () => stop().catch(() => {}));
  const releasesDir = releasesDirOf(publicDir);
  if (!releasesDir) return;
  try {
    const { changed } = await applyServedRelease(db, { releasesDir, note: 'server start' });
    if (changed.length > 0) app.log.info({ storefronts: changed }, 'prices of the served release applied');
  } catch (err) {
    // A broken release file must not keep the shop closed: the prices stay those applied before, and the log says why.
    app.log.error({ err }, 'the prices of the served release could not be applied');
  }
  if (!fs.existsSync(releasesDir)) return;
  const unwatch = watchServedRelease(db, releasesDir, app.log);
  app.addHook('onClose', async () => unwatch());
}
