/**
 * The kept releases, for a release manager choosing what to roll back to (site:rollback --list, the release console).
 */
import path from 'node:path';
import { readManifest } from './release-manifest';
import { CURRENT, PREVIOUS, RELEASES_DIR, releaseBehind, releaseIds } from './release-links';

export interface ReleaseSummary {
  id: string;
  /** When it was published (ISO 8601); '' for a release made by hand. */
  created: string;
  current: boolean;
  previous: boolean;
  /** urlLocal → the storefront version it serves (`releases/.storefronts/<version>/`). */
  storefronts: Record<string, string>;
  /** Made by rollbackStorefronts: the release it copied, and the one the named storefronts came from. */
  rolledBack?: { from: string; to: string; storefronts: string[] };
}

/** Every kept release, newest first. */
export function listReleases(releasesDir = RELEASES_DIR): ReleaseSummary[] {
  const current = releaseBehind(releasesDir, CURRENT);
  const previous = releaseBehind(releasesDir, PREVIOUS);
  return releaseIds(releasesDir)
    .reverse()
    .map((id) => {
      const dir = path.resolve(releasesDir, id);
      const manifest = readManifest(dir);
      const storefronts = Object.fromEntries(
        Object.entries(manifest?.storefronts ?? {}).map(([code, entry]) => [code, entry.version]),
      );
      const summary: ReleaseSummary = {
        id,
        created: manifest?.created ?? '',
        current: dir === current,
        previous: dir === previous,
        storefronts,
      };
      if (manifest?.rolledBack) summary.rolledBack = manifest.rolledBack;
      return summary;
    });
}
