/** Garbage collection of releases: what a publish or a rollback deletes once the new release is served. */
import path from 'node:path';
import { readManifest } from './release-manifest';
import { keptReleases, removeOldReleases } from './release-links';
import { unusedVersions } from './storefront-versions';

/**
 * Deletes the releases beyond the newest `keep` (current and previous always stay), and the storefront versions
 * that no kept release links to. Returns the releases deleted.
 */
export async function collectReleases(releasesDir: string, keep: number): Promise<string[]> {
  const kept = keptReleases(releasesDir, keep);
  const used = new Set<string>();
  for (const id of kept)
    for (const entry of Object.values(readManifest(path.join(releasesDir, id))?.storefronts ?? {}))
      used.add(entry.version);
  return removeOldReleases(releasesDir, kept, unusedVersions(releasesDir, used));
}
