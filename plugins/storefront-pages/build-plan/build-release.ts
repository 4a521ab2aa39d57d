/**
 * The release a build renders its pages for. A build picks its release id before Gatsby renders (or takes the one it
 * is given, so the shards of one CI build share it), hands it to the render in STORE_RELEASE (pages carry it as
 * `<html data-release>`, which analytics reports), records it with the build's inputs, and the publish names the
 * release after it. A page Gatsby does not render again keeps the release that last rendered it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { newReleaseId, RELEASE_NAME, releaseIds, STAGING_PREFIX } from './release-links';

/** The environment variable that carries the release id to the render (and from CI to every shard). */
export const RELEASE_ENV = 'STORE_RELEASE';

/** The release id in the environment, or '' when there is none (or it is not a release's name). */
export function releaseFromEnv(env: NodeJS.ProcessEnv): string {
  const release = env[RELEASE_ENV] ?? '';
  return RELEASE_NAME.test(release) ? release : '';
}

/**
 * The id a publish gives its release: the one the build rendered its pages for, while no release has that name and
 * none is newer (release names sort by time, and rollback and retention rely on it); a new one otherwise (a second
 * publish of the same build, or a rollback in between), in which case the pages name the release they were built for.
 */
export function publishedReleaseId(releasesDir: string, built: string | undefined, now = Date.now()): string {
  if (
    built &&
    RELEASE_NAME.test(built) &&
    releaseIds(releasesDir).every((id) => id < built) &&
    !fs.existsSync(path.join(releasesDir, `${STAGING_PREFIX}${built}`))
  )
    return built;
  return newReleaseId(now);
}
