/**
 * Publishes the build's work folder (public/) as a new release and swaps the served link to it
 * (release-links.ts). Gatsby and the post-build steps rewrite public/ in place, one file at a time, so the
 * server never reads it: a release is made only from a finished build, and nothing writes to it afterwards.
 *
 * Cheap because most files do not change between builds. Each storefront folder of a release is a link to a
 * storefront version (storefront-versions.ts), shared with the previous release when none of its files changed;
 * a storefront the build did not make is carried over from the previous release.
 * The shared folders and root files are files of the release: hard links to the previous release's copies when
 * unchanged, copies otherwise (release-files.ts). Hashed islands that a build no longer writes stay in later
 * releases for `retainMs`, and always for the next one, because pages and service workers cached by browsers
 * and CDNs still load them.
 */
import fs from 'fs';
import path from 'path';
import { getStorefront, storefronts } from '../../../region-config';
import { readRecordedInputs } from './build-inputs';
import { isHashedAsset } from '../post-build/compress';
import { filesBelow, identityOf, noFilesPlaced, placeFile, unchangedSince, type PlacedFiles } from './release-files';
import { CURRENT, PREVIOUS, RELEASES_DIR, STAGING_PREFIX, newReleaseId, pointLink, releaseBehind, removeOldReleases, withPublishLock } from './release-links';
import { carryStorefront, previousStorefront, publishStorefront, unusedVersions, type StorefrontEntry } from './storefront-versions';

export interface PublishOptions {
  /** The finished build (default public/). */
  workDir?: string;
  releasesDir?: string;
  /** How long a hashed island that builds no longer write stays published (default 7 days). */
  retainMs?: number;
  now?: number;
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
  removedReleases: string[];
}

/** Written into each release (a dotfile: the server never serves it). */
export const RELEASE_MANIFEST = '.release.json';
export const RETAIN_MS = 7 * 24 * 3600 * 1000;

interface ReleaseManifest {
  id: string;
  created: string;
  /** Root files and shared folders: path → identity (release-files.ts) of the public/ file it was made from. */
  files: Record<string, string>;
  /** Storefront folders: urlLocal → its version and files (absent in releases made before versions). */
  storefronts?: Record<string, StorefrontEntry>;
  /** Hashed islands no longer built, kept: path → when they first went missing (ms). */
  retained: Record<string, number>;
}

/** Folders and root files of public/ that make the site; Gatsby's own bundles, maps and page-data stay out. */
const SHARED_FOLDERS = new Set(['_widgets', 'images', 'static']);
const ROOT_FILES = /^(?:index\.html|404\.html|robots\.txt|sitemap\.xml|favicon\.ico|_routes\.json|\.build-inputs\.json)(?:\.br|\.gz)?$/;

/** The site in a work folder: its storefront folders, and the other files (root files, shared folders) by path. */
function siteParts(workDir: string): { storefronts: string[]; files: string[] } {
  const storefronts: string[] = [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(workDir, { withFileTypes: true })) {
    if (entry.isFile() && ROOT_FILES.test(entry.name)) files.push(entry.name);
    if (!entry.isDirectory()) continue;
    if (getStorefront(entry.name)) storefronts.push(entry.name);
    else if (SHARED_FOLDERS.has(entry.name)) files.push(...filesBelow(path.join(workDir, entry.name)).map((file) => path.join(entry.name, file)));
  }
  return { storefronts, files };
}

function readManifest(releaseDir: string | undefined): ReleaseManifest | undefined {
  if (!releaseDir) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_MANIFEST), 'utf8')) as ReleaseManifest;
  } catch {
    return undefined; // a release made by hand: every file is copied
  }
}

/**
 * Makes a release of the finished build in `workDir`, serves it, and deletes releases older than the previous one
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
  if (!fs.existsSync(workDir)) throw new Error(`${workDir} does not exist: nothing to publish (build first)`);

  const previousDir = releaseBehind(releasesDir, CURRENT);
  const previous = readManifest(previousDir);
  const id = newReleaseId(now);
  const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
  const manifest: ReleaseManifest = { id, created: new Date(now).toISOString(), files: {}, storefronts: {}, retained: {} };
  const result: PublishResult = { id, dir: path.join(releasesDir, id), ...noFilesPlaced(), sharedStorefronts: 0, newStorefronts: 0, retained: 0, removedReleases: [] };

  try {
    const site = siteParts(workDir);
    for (const dir of new Set(site.files.map((file) => path.dirname(file)))) fs.mkdirSync(path.join(staging, dir), { recursive: true });
    // Synchronous on purpose: a stat and a link are microseconds each, and going through libuv's thread pool
    // for 170,000 of them took three times as long as doing them in a row.
    for (const file of site.files) {
      const source = path.join(workDir, file);
      const identity = identityOf(source);
      manifest.files[file] = identity.identity;
      const previousCopy = previousDir && path.join(previousDir, file);
      placeFile(source, path.join(staging, file), identity.size, previousCopy, unchangedSince(source, identity, previousCopy, previous?.files[file]), result);
    }
    // public/ holds whole only the storefronts its last build made (build record: lastBuilt; run-build.ts moves
    // the others out): the others come from the previous release. A site without a build record (merged shards,
    // a folder made by hand) is published as it is.
    const lastBuilt = readRecordedInputs(workDir)?.lastBuilt;
    const fromBuild = new Set(lastBuilt ? site.storefronts.filter((code) => lastBuilt.includes(code)) : site.storefronts);
    const carried = lastBuilt ? storefronts.map((s) => s.urlLocal).filter((code) => !fromBuild.has(code)) : [];
    for (const code of [...fromBuild, ...carried]) {
      const before = previousStorefront(previousDir, code, previous?.storefronts, previous?.storefronts ? undefined : previous?.files);
      const args = { workDir, code, releasesDir, release: staging, releaseId: id, placed: result };
      let published;
      if (fromBuild.has(code)) published = publishStorefront({ ...args, previous: before });
      else if (before) published = carryStorefront({ ...args, previous: before });
      else continue; // neither built now nor online before: not part of the site
      manifest.storefronts![code] = published.entry;
      if (published.reused) result.sharedStorefronts += 1;
      else result.newStorefronts += 1;
    }

    if (previousDir && previous) {
      const built = new Set(site.files);
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

    fs.writeFileSync(path.join(staging, RELEASE_MANIFEST), `${JSON.stringify(manifest)}\n`);
    fs.renameSync(staging, result.dir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }

  pointLink(releasesDir, CURRENT, id);
  if (previousDir) pointLink(releasesDir, PREVIOUS, path.basename(previousDir));
  // The versions the two kept releases link to stay; the others go with the releases that used them.
  const used = new Set([...Object.values(manifest.storefronts!), ...Object.values(previous?.storefronts ?? {})].map((entry) => entry.version));
  const kept = new Set([id, ...(previousDir ? [path.basename(previousDir)] : [])]);
  result.removedReleases = await removeOldReleases(releasesDir, kept, unusedVersions(releasesDir, used));
  return result;
}

/** One line saying what a publish did. */
export function describePublish(result: PublishResult, ms: number, workDir = 'public'): string {
  return (
    `Published ${workDir.replace(/\/$/, '')}/ as ${result.id} in ${(ms / 1000).toFixed(1)} s: ${result.files} files, ` +
    `${result.copied} new or changed (copied, ${(result.copiedBytes / 1e6).toFixed(1)} MB), ${result.linked} unchanged (linked); ` +
    `${result.sharedStorefronts} storefronts unchanged (shared with the previous release), ${result.newStorefronts} in a new version; ` +
    `${result.retained} islands of earlier builds kept`
  );
}
