/**
 * The releases a releases folder holds, read from their manifests (publish.ts writes `.release.json` into each):
 * which storefront version each serves. The console's view of disk, through the publisher's own manifest reader and
 * release list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readManifest } from '../../plugins/storefront-pages/build-plan/release-manifest';
import { listReleases } from '../../plugins/storefront-pages/build-plan/release-list';
import { CURRENT, releaseBehind } from '../../plugins/storefront-pages/build-plan/release-links';

export { readManifest };

export interface ReleaseOnDisk {
  id: string;
  created: string;
  /** urlLocal → storefront version (`de.r-…`). */
  storefronts: Record<string, string>;
}

/** Every complete release in the folder (one with its manifest), newest first. */
export function listReleasesOnDisk(releasesDir: string): ReleaseOnDisk[] {
  if (!fs.existsSync(releasesDir)) return [];
  return listReleases(releasesDir)
    .filter((release) => release.created !== '')
    .map(({ id, created, storefronts }) => ({ id, created, storefronts }));
}

/** The release the server serves now (releases/current), or undefined before the first publish. */
export function servedRelease(releasesDir: string): ReleaseOnDisk | undefined {
  const dir = releaseBehind(releasesDir, CURRENT);
  const manifest = readManifest(dir);
  if (!dir || !manifest) return undefined;
  return {
    id: path.basename(dir),
    created: manifest.created,
    storefronts: Object.fromEntries(
      Object.entries(manifest.storefronts ?? {}).map(([code, entry]) => [code, entry.version]),
    ),
  };
}

/** The release a storefront version was made by: `de.r-2026…-ab12` → `r-2026…-ab12`. */
export const releaseOfVersion = (version: string): string => version.slice(version.indexOf('.') + 1);
