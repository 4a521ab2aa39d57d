/**
 * Rolls back some storefronts only: a new release equal to the served one except that the named storefronts link
 * to the versions a kept earlier release serves, swapped in with one rename like any publish. No file is copied:
 * the new release's storefront folders are links to existing versions and its other files hard links. The islands
 * and images the rolled-back pages load are linked in from that release when the served one lacks them.
 * @example rollbackStorefronts({ releasesDir: 'releases', to: 'r-20261128T101500000Z-ab12', locals: ['de'] })
 */
import fs from 'node:fs';
import path from 'node:path';
import { storefronts } from '../../../region-config';
import { writeChangedUrls } from './changed-urls';
import { collectReleases } from './collect-releases';
import { inSharedFolder, readManifest, writeManifest, type ReleaseManifest } from './release-manifest';
import {
  CURRENT,
  PREVIOUS,
  RELEASES_DIR,
  STAGING_PREFIX,
  newReleaseId,
  pointLink,
  releaseBehind,
  releaseDir,
  releasesKept,
  withPublishLock,
} from './release-links';
import { VERSIONS_DIR, type StorefrontEntry } from './storefront-versions';

export interface RollbackOptions {
  releasesDir?: string;
  /** The kept release whose storefront versions come back. */
  to: string;
  /** Storefronts (urlLocal, e.g. `be-nl`), or countries (`be`: all its storefronts). */
  locals: string[];
  now?: number;
  keep?: number;
}

export interface RollbackResult {
  id: string;
  /** The release served before, which this one copies except for `storefronts`. */
  from: string;
  to: string;
  storefronts: string[];
  changedUrls: number;
  removedReleases: string[];
}

/**
 * The storefront codes `locals` names (a country names all its storefronts); an unknown code is the caller's mistake.
 */
function storefrontCodes(locals: string[]): string[] {
  const codes = new Set<string>();
  for (const code of locals.map((local) => local.trim().toLowerCase()).filter(Boolean)) {
    const matching = storefronts.filter((s) => s.urlLocal === code || s.local === code);
    if (matching.length === 0) throw new Error(`unknown storefront ${code}`);
    for (const s of matching) codes.add(s.urlLocal);
  }
  if (codes.size === 0) throw new Error('name at least one storefront to roll back');
  return [...codes].sort();
}

/** Files of two versions of a storefront whose identities differ (or that only one has), as release paths. */
function changedBetween(code: string, before: StorefrontEntry | undefined, after: StorefrontEntry): string[] {
  if (before?.version === after.version) return [];
  const files = new Set([...Object.keys(before?.files ?? {}), ...Object.keys(after.files)]);
  return [...files].filter((file) => before?.files[file] !== after.files[file]).map((file) => `${code}/${file}`);
}

/** Hard-links `file` of release `fromDir` into `staging`. */
function linkFile(fromDir: string, staging: string, file: string): void {
  fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
  fs.linkSync(path.join(fromDir, file), path.join(staging, file));
}

/**
 * Serves the storefronts named in `locals` as release `to` served them, the others as they are served now: a new
 * release, served at once (the one before becomes previous). One publish or rollback at a time per releases folder.
 */
export async function rollbackStorefronts(options: RollbackOptions): Promise<RollbackResult> {
  const releasesDir = path.resolve(options.releasesDir ?? RELEASES_DIR);
  return withPublishLock(releasesDir, async () => {
    const codes = storefrontCodes(options.locals);
    const currentDir = releaseBehind(releasesDir, CURRENT);
    const current = readManifest(currentDir);
    if (!currentDir || !current?.storefronts)
      throw new Error(
        `${path.join(releasesDir, CURRENT)} is not a release with storefront versions: publish a build first`,
      );
    const toDir = releaseDir(releasesDir, options.to);
    const target = readManifest(toDir);
    const missing = codes.filter((code) => !target?.storefronts?.[code]);
    if (missing.length > 0) throw new Error(`release ${options.to} does not serve ${missing.join(', ')}`);
    const notServed = codes.filter((code) => !current.storefronts![code]);
    if (notServed.length > 0)
      throw new Error(
        `${notServed.join(', ')} not served now: publish a build of it (a rollback keeps the served site's ` +
          `storefront list)`,
      );

    const now = options.now ?? Date.now();
    const id = newReleaseId(now);
    const from = path.basename(currentDir);
    const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
    const manifest: ReleaseManifest = {
      id,
      created: new Date(now).toISOString(),
      files: { ...current.files },
      storefronts: { ...current.storefronts },
      retained: { ...current.retained },
      rolledBack: { from, to: options.to, storefronts: codes },
      ...(current.mode ? { mode: current.mode } : {}),
    };
    const changed: string[] = [];
    try {
      for (const file of [...Object.keys(current.files), ...Object.keys(current.retained)])
        linkFile(currentDir, staging, file);
      // What the rolled-back pages load and the served release no longer has: islands and images of their build.
      for (const file of [...Object.keys(target!.files), ...Object.keys(target!.retained)]) {
        if (!inSharedFolder(file) || file in manifest.files || file in manifest.retained) continue;
        linkFile(toDir, staging, file);
        manifest.retained[file] = target!.retained[file] ?? now;
        changed.push(file);
      }
      for (const code of codes) {
        const entry = target!.storefronts![code]!;
        changed.push(...changedBetween(code, current.storefronts[code], entry));
        manifest.storefronts![code] = entry;
      }
      for (const [code, entry] of Object.entries(manifest.storefronts!))
        fs.symlinkSync(path.join('..', VERSIONS_DIR, entry.version), path.join(staging, code));
      const changedUrls = writeChangedUrls(staging, id, from, changed).urls.length;
      writeManifest(staging, manifest);
      fs.renameSync(staging, path.join(releasesDir, id));
      pointLink(releasesDir, CURRENT, id);
      pointLink(releasesDir, PREVIOUS, from);
      const removedReleases = await collectReleases(releasesDir, options.keep ?? releasesKept());
      return { id, from, to: options.to, storefronts: codes, changedUrls, removedReleases };
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  });
}
