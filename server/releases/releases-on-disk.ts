/**
 * The releases a releases folder holds, read from their manifests (publish.ts writes `.release.json` into each):
 * which storefront version each serves. The console's view of disk; E's `listReleases` gives the same once merged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_MANIFEST } from '../../plugins/storefront-pages/build-plan/publish';
import { CURRENT, releaseBehind } from '../../plugins/storefront-pages/build-plan/release-links';
import type { StorefrontEntry } from '../../plugins/storefront-pages/build-plan/storefront-versions';

export interface ReleaseOnDisk {
  id: string;
  created: string;
  /** urlLocal → storefront version (`de.r-…`). */
  storefronts: Record<string, string>;
}

const RELEASE_NAME = /^r-\d{8}T\d{9}Z-[0-9a-z]+$/;

export interface Manifest {
  id: string;
  created: string;
  files: Record<string, string>;
  storefronts?: Record<string, StorefrontEntry>;
  retained: Record<string, number>;
}

/** The manifest of a release folder, or undefined (a release made by hand, or none). */
export function readManifest(releaseDir: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_MANIFEST), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Every complete release in the folder, newest first. */
export function listReleasesOnDisk(releasesDir: string): ReleaseOnDisk[] {
  if (!fs.existsSync(releasesDir)) return [];
  return fs
    .readdirSync(releasesDir)
    .filter((name) => RELEASE_NAME.test(name))
    .sort()
    .reverse()
    .flatMap((id) => {
      const manifest = readManifest(path.join(releasesDir, id));
      if (!manifest) return [];
      return [{ id, created: manifest.created, storefronts: Object.fromEntries(Object.entries(manifest.storefronts ?? {}).map(([code, entry]) => [code, entry.version])) }];
    });
}

/** The release the server serves now (releases/current), or undefined before the first publish. */
export function servedRelease(releasesDir: string): ReleaseOnDisk | undefined {
  const dir = releaseBehind(releasesDir, CURRENT);
  if (!dir) return undefined;
  const manifest = readManifest(dir);
  if (!manifest) return undefined;
  return { id: path.basename(dir), created: manifest.created, storefronts: Object.fromEntries(Object.entries(manifest.storefronts ?? {}).map(([code, entry]) => [code, entry.version])) };
}

/** The release a storefront version was made by: `de.r-2026…-ab12` → `r-2026…-ab12`. */
export const releaseOfVersion = (version: string): string => version.slice(version.indexOf('.') + 1);
