/**
 * Publishes the build's work folder (public/) as a new release and swaps the served link to it
 * (release-links.ts). Gatsby and the post-build steps rewrite public/ one file at a time, so the server never
 * reads it: a release is made only from a finished build, and its files never change afterwards.
 *
 * Without copying: each storefront folder of a release is a link to a storefront version (storefront-versions.ts),
 * shared with the previous release when none of its files changed; a storefront the build did not make is carried
 * over from the previous release. Files as in the previous release are hard links to its copies; new or changed
 * ones are hard links to the build's own files (release-files.ts), so public/ and every kept release hold the site
 * once. That is safe because every process that writes public/ gives a linked file its own inode before writing
 * it (unshare-linked-files.cjs). Hashed islands that a build no longer writes stay in later releases for
 * `retainMs`, and always for the next one, because pages and service workers cached by browsers and CDNs still
 * load them. Each release lists the URLs it changed in `.changed-urls.json` (changed-urls.ts), for a CDN purge.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getStorefront, storefronts } from '../../../region-config';
import { readRecordedInputs } from './build-inputs';
import { publishedReleaseId } from './build-release';
import { isHashedAsset } from '../post-build/compress';
import { writeChangedUrls } from './changed-urls';
import {
  RELEASE_MANIFEST,
  readManifest,
  ROOT_PAGES,
  SHARED_FOLDERS,
  writeManifest,
  type ReleaseManifest,
} from './release-manifest';
import {
  filesBelow,
  identityOf,
  noFilesPlaced,
  placeFile,
  relinkToPrevious,
  unchangedSince,
  writtenInPlace,
  type PlacedFiles,
  type PlaceMode,
} from './release-files';
import { collectReleases } from './collect-releases';
import { guardWorkFolder } from './guard-work-folder';
import {
  CURRENT,
  PREVIOUS,
  RELEASES_DIR,
  STAGING_PREFIX,
  pointLink,
  releaseBehind,
  releasesKept,
  withPublishLock,
} from './release-links';
import { carryStorefront, previousStorefront, publishStorefront } from './storefront-versions';

export { listReleases, type ReleaseSummary } from './release-list';
export { rollbackStorefronts, type RollbackOptions } from './rollback-storefronts';
export { RELEASE_MANIFEST };
export { collectReleases };

export interface PublishOptions {
  /** The finished build (default public/). */
  workDir?: string;
  releasesDir?: string;
  /** How long a hashed island that builds no longer write stays published (default 7 days). */
  retainMs?: number;
  now?: number;
  /** Releases kept for rollback (default RELEASES_KEPT, else 10): the newest, plus current and previous. */
  keep?: number;
  /**
   * 'link' (new or changed files are hard links to the work folder's) for a work folder whose writers are guarded
   * by unshare-linked-files.cjs: the default for public/, which only `gatsby build` writes. 'copy' otherwise (the
   * default for any other folder, e.g. merged shards, which nothing guards).
   */
  mode?: PlaceMode;
  /**
   * The storefronts the work folder holds whole; the others are carried over from the served release. Default:
   * the build record's `lastBuilt`, else every storefront in the folder.
   */
  built?: string[];
}

export interface PublishResult extends PlacedFiles {
  id: string;
  dir: string;
  /** Storefronts whose files are all as in the previous release, so it shares their version. */
  sharedStorefronts: number;
  /** Storefronts given a new version (new or changed files). */
  newStorefronts: number;
  /** Hashed islands of earlier builds kept in this release. */
  retained: number;
  /** Storefronts whose version differs from the previous release's (new, changed, or gone). */
  changedStorefronts: string[];
  /** URLs written to the release's `.changed-urls.json`. */
  changedUrls: number;
  removedReleases: string[];
}

export const RETAIN_MS = 7 * 24 * 3600 * 1000;

// Whoever publishes public/ by links writes it safely too (guard-work-folder.ts).
const guarded = guardWorkFolder();

/**
 * Root files of public/ that make the site; Gatsby's own bundles, maps and page-data stay out (SHARED_FOLDERS: the
 * folders).
 */
const ROOT_FILES =
  /^(?:index\.html|404\.html|robots\.txt|sitemap\.xml|favicon\.ico|_routes\.json|\.build-inputs\.json)(?:\.br|\.gz)?$/;

/** The site in a work folder: its storefront folders, and the other files (root files, shared folders) by path. */
function siteParts(workDir: string): { storefronts: string[]; files: string[] } {
  const storefronts: string[] = [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(workDir, { withFileTypes: true })) {
    if (entry.isFile() && ROOT_FILES.test(entry.name)) files.push(entry.name);
    if (!entry.isDirectory()) continue;
    if (getStorefront(entry.name)) storefronts.push(entry.name);
    else if (SHARED_FOLDERS.has(entry.name))
      files.push(...filesBelow(path.join(workDir, entry.name)).map((file) => path.join(entry.name, file)));
  }
  return { storefronts, files };
}

/** Whether publishing links the work folder's files: only the build's work folder, whose writers are guarded. */
export function defaultMode(workDir: string): PlaceMode {
  return guarded && path.resolve(workDir) === path.resolve('public') ? 'link' : 'copy';
}

/**
 * Makes a release of the finished build in `workDir`, serves it, and deletes the releases beyond the newest `keep`
 * (with the storefront versions only they used). One publish at a time per releases folder: a second one waits.
 */
export async function publishRelease(options: PublishOptions = {}): Promise<PublishResult> {
  const releasesDir = path.resolve(options.releasesDir ?? RELEASES_DIR);
  fs.mkdirSync(releasesDir, { recursive: true });
  return withPublishLock(releasesDir, () => publishLocked(options));
}

async function publishLocked(options: PublishOptions): Promise<PublishResult> {
  const workDir = path.resolve(options.workDir ?? 'public');
  const releasesDir = path.resolve(options.releasesDir ?? RELEASES_DIR);
  const now = options.now ?? Date.now();
  const retainMs = options.retainMs ?? RETAIN_MS;
  const keep = options.keep ?? releasesKept();
  const mode = options.mode ?? defaultMode(workDir);
  if (!fs.existsSync(workDir)) throw new Error(`${workDir} does not exist: nothing to publish (build first)`);

  const previousDir = releaseBehind(releasesDir, CURRENT);
  const previous = readManifest(previousDir);
  // The name the build rendered its pages for (their <html data-release>), while it is free and the newest.
  const id = publishedReleaseId(releasesDir, readRecordedInputs(workDir)?.release, now);
  const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
  const manifest: ReleaseManifest = {
    id,
    created: new Date(now).toISOString(),
    files: {},
    storefronts: {},
    retained: {},
    mode,
  };
  // The previous release copied the build's files: public/ still holds a second copy of what it did not rewrite.
  const relinkUntouched = mode === 'link' && previous !== undefined && previous.mode !== 'link';
  const result: PublishResult = {
    id,
    dir: path.join(releasesDir, id),
    ...noFilesPlaced(),
    sharedStorefronts: 0,
    newStorefronts: 0,
    retained: 0,
    changedStorefronts: [],
    changedUrls: 0,
    removedReleases: [],
  };

  try {
    const site = siteParts(workDir);
    for (const dir of new Set(site.files.map((file) => path.dirname(file))))
      fs.mkdirSync(path.join(staging, dir), { recursive: true });
    // Synchronous on purpose: a stat and a link are microseconds each, and going through libuv's thread pool
    // for 170,000 of them took three times as long as doing them in a row.
    // public/ holds whole only the storefronts its last build made (build record: lastBuilt; run-build.ts moves
    // the others out): the others come from the previous release. A site without a build record (merged shards,
    // a folder made by hand) is published as it is.
    const lastBuilt = options.built ?? readRecordedInputs(workDir)?.lastBuilt;
    // A build without us wrote the root pages from another storefront's (ROOT_PAGES): the served ones stay.
    const keepRootPages = previous !== undefined && lastBuilt !== undefined && !lastBuilt.includes('us');
    for (const file of site.files) {
      if (keepRootPages && ROOT_PAGES.test(file) && previous.files[file] !== undefined) {
        manifest.files[file] = previous.files[file]!;
        placeFile(
          path.join(previousDir!, file),
          path.join(staging, file),
          undefined,
          path.join(previousDir!, file),
          'identity',
          result,
          'copy',
        );
        continue;
      }
      const source = path.join(workDir, file);
      const identity = identityOf(source);
      manifest.files[file] = identity.identity;
      const previousCopy = previousDir && path.join(previousDir, file);
      if (previous?.mode === 'link' && writtenInPlace(identity.identity, previous.files[file]))
        result.writtenInPlace += 1;
      const unchanged = unchangedSince(source, identity, previousCopy, previous?.files[file]);
      placeFile(source, path.join(staging, file), identity.size, previousCopy, unchanged, result, mode);
      if (!unchanged) result.changed.push(file);
      else if (mode === 'link' && previousCopy && (unchanged === 'bytes' || relinkUntouched))
        manifest.files[file] = relinkToPrevious(source, previousCopy) ?? identity.identity;
    }
    const built = new Set(site.files);
    const fromBuild = new Set(
      lastBuilt ? site.storefronts.filter((code) => lastBuilt.includes(code)) : site.storefronts,
    );
    const carried = lastBuilt ? storefronts.map((s) => s.urlLocal).filter((code) => !fromBuild.has(code)) : [];
    for (const code of [...fromBuild, ...carried]) {
      const before = previousStorefront(
        previousDir,
        code,
        previous?.storefronts,
        previous?.storefronts ? undefined : previous?.files,
      );
      const args = {
        workDir,
        code,
        releasesDir,
        release: staging,
        releaseId: id,
        placed: result,
        mode,
        relinkUntouched,
        checkInPlace: previous?.mode === 'link',
      };
      let published;
      if (fromBuild.has(code)) published = publishStorefront({ ...args, previous: before });
      else if (before) published = carryStorefront({ ...args, previous: before });
      else continue; // neither built now nor online before: not part of the site
      manifest.storefronts![code] = published.entry;
      if (published.reused) result.sharedStorefronts += 1;
      else result.newStorefronts += 1;
      if (published.entry.version !== previous?.storefronts?.[code]?.version) result.changedStorefronts.push(code);
    }
    // Storefronts the previous release served and this one does not: their URLs are gone.
    for (const [code, entry] of Object.entries(previous?.storefronts ?? {})) {
      if (manifest.storefronts![code]) continue;
      result.changedStorefronts.push(code);
      result.changed.push(...Object.keys(entry.files).map((file) => `${code}/${file}`));
    }

    if (previousDir && previous) {
      for (const file of [...Object.keys(previous.files), ...Object.keys(previous.retained)]) {
        if (built.has(file) || file in manifest.retained || !isHashedAsset(file)) continue;
        // Built for the previous release: kept at least this once. Retired earlier: kept while young enough.
        const retiredAt = previous.retained[file];
        if (retiredAt !== undefined && now - retiredAt >= retainMs) continue;
        try {
          fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
          fs.linkSync(path.join(previousDir, file), path.join(staging, file));
          manifest.retained[file] = retiredAt ?? now;
          result.retained += 1;
        } catch {
          // removed from the previous release by hand: nothing to keep
        }
      }
    }

    // Root files and shared-folder files the previous release had and this one does not (retained ones stay).
    for (const file of [...Object.keys(previous?.files ?? {}), ...Object.keys(previous?.retained ?? {})]) {
      if (!built.has(file) && !(file in manifest.retained)) result.changed.push(file);
    }
    result.changedUrls = writeChangedUrls(
      staging,
      id,
      previousDir ? path.basename(previousDir) : null,
      result.changed,
    ).urls.length;
    writeManifest(staging, manifest);
    fs.renameSync(staging, result.dir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }

  pointLink(releasesDir, CURRENT, id);
  if (previousDir) pointLink(releasesDir, PREVIOUS, path.basename(previousDir));
  result.removedReleases = await collectReleases(releasesDir, keep);
  return result;
}

/** One line saying what a publish did. */
export function describePublish(result: PublishResult, ms: number, workDir = 'public'): string {
  return (
    `Published ${workDir.replace(/\/$/, '')}/ as ${result.id} in ${(ms / 1000).toFixed(1)} s: ${result.files} files, ` +
    `${result.linkedFromBuild + result.copied} new or changed (${result.linkedFromBuild} linked from the ` +
    `build, ${(result.linkedBytes / 1e6).toFixed(1)} MB; ` +
    `${result.copied} copied, ${(result.copiedBytes / 1e6).toFixed(1)} MB), ${result.linked} unchanged ` +
    `(linked to the previous release); ` +
    `${result.sharedStorefronts} storefronts unchanged (shared with the previous release), ` +
    `${result.newStorefronts} in a new version; ` +
    `${result.retained} islands of earlier builds kept; ${result.changedUrls} changed URLs; ` +
    `${result.removedReleases.length} old releases deleted` +
    (result.writtenInPlace > 0
      ? `. WARNING: ${result.writtenInPlace} files were written in place while linked into the previous ` +
        `release, which changed it (a writer of ${workDir} without unshare-linked-files.cjs)`
      : '')
  );
}
