/**
 * Publishes the build's work folder (public/) as a new release and swaps the served link to it
 * (release-links.ts). Gatsby and the post-build steps rewrite public/ in place, one file at a time, so the
 * server never reads it: a release is made only from a finished build, and nothing writes to it afterwards.
 *
 * Cheap because most files do not change between builds: a file whose size, modification time and inode in
 * public/ are the ones recorded when the previous release copied it, or whose bytes are those of the previous
 * release's copy, is a hard link to that copy; only new or changed files are copied. (public/ itself is never linked into a release: Gatsby's
 * in-place writes would change the served file under the server.) Hashed islands that a build no longer
 * writes stay in later releases for `retainMs`, and always for the next one, because pages and service
 * workers cached by browsers and CDNs still load them.
 */
import fs from 'fs';
import path from 'path';
import { getStorefront } from '../../../region-config';
import { isHashedAsset } from '../post-build/compress';
import { CURRENT, PREVIOUS, RELEASES_DIR, STAGING_PREFIX, newReleaseId, pointLink, releaseBehind, removeOldReleases, withPublishLock } from './release-links';

export interface PublishOptions {
  /** The finished build (default public/). */
  workDir?: string;
  releasesDir?: string;
  /** How long a hashed island that builds no longer write stays published (default 7 days). */
  retainMs?: number;
  now?: number;
}

export interface PublishResult {
  id: string;
  dir: string;
  files: number;
  copied: number;
  copiedBytes: number;
  linked: number;
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
  /** Path → identity (size, mtime in ns, inode) of the public/ file it was copied from. */
  files: Record<string, string>;
  /** Hashed islands no longer built, kept: path → when they first went missing (ms). */
  retained: Record<string, number>;
}

/** Folders and root files of public/ that make the site; Gatsby's own bundles, maps and page-data stay out. */
const SHARED_FOLDERS = new Set(['_widgets', 'images', 'static']);
const ROOT_FILES = /^(?:index\.html|404\.html|robots\.txt|sitemap\.xml|favicon\.ico|_routes\.json|\.build-inputs\.json)(?:\.br|\.gz)?$/;

/** Every file of the site in a work folder, as paths relative to it. */
function siteFiles(workDir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(workDir, { withFileTypes: true })) {
    if (entry.isFile() && ROOT_FILES.test(entry.name)) files.push(entry.name);
    if (!entry.isDirectory() || !(SHARED_FOLDERS.has(entry.name) || getStorefront(entry.name))) continue;
    for (const inner of fs.readdirSync(path.join(workDir, entry.name), { withFileTypes: true, recursive: true })) {
      if (inner.isFile()) files.push(path.relative(workDir, path.join(inner.parentPath, inner.name)));
    }
  }
  return files;
}

/** Files up to this size that were rewritten are compared with the previous release's copy before copying. */
const COMPARE_UP_TO = 4 * 1024 * 1024;

/** Whether a rewritten file holds the same bytes as the previous release's copy (Gatsby rewrites pages it did not change). */
function sameBytes(file: string, size: bigint, previousCopy: string): boolean {
  if (size > COMPARE_UP_TO) return false;
  const other = fs.statSync(previousCopy, { bigint: true, throwIfNoEntry: false });
  if (other?.size !== size) return false;
  return fs.readFileSync(file).equals(fs.readFileSync(previousCopy));
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
 * Makes a release of the finished build in `workDir`, serves it, and deletes releases older than the previous one.
 * One publish at a time per releases folder: a second one waits for the first.
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
  fs.mkdirSync(releasesDir, { recursive: true });

  const previousDir = releaseBehind(releasesDir, CURRENT);
  const previous = readManifest(previousDir);
  const id = newReleaseId(now);
  const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
  const manifest: ReleaseManifest = { id, created: new Date(now).toISOString(), files: {}, retained: {} };
  const result: PublishResult = { id, dir: path.join(releasesDir, id), files: 0, copied: 0, copiedBytes: 0, linked: 0, retained: 0, removedReleases: [] };

  try {
    const files = siteFiles(workDir);
    for (const dir of new Set(files.map((file) => path.dirname(file)))) fs.mkdirSync(path.join(staging, dir), { recursive: true });
    // Synchronous on purpose: a stat and a link are microseconds each, and going through libuv's thread pool
    // for 170,000 of them took three times as long as doing them in a row.
    for (const file of files) {
      const source = path.join(workDir, file);
      const target = path.join(staging, file);
      const stat = fs.statSync(source, { bigint: true });
      const identity = `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
      manifest.files[file] = identity;
      const previousCopy = previousDir && path.join(previousDir, file);
      if (previousCopy && (previous?.files[file] === identity || sameBytes(source, stat.size, previousCopy))) {
        try {
          fs.linkSync(previousCopy, target);
          result.linked += 1;
          continue;
        } catch {
          // gone from the previous release, or too many links: copy it
        }
      }
      // COPYFILE_FICLONE: a copy-on-write clone where the file system has them (btrfs, XFS), else a copy.
      fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
      result.copied += 1;
      result.copiedBytes += Number(stat.size);
    }
    result.files = files.length;

    if (previousDir && previous) {
      const built = new Set(files);
      for (const file of [...Object.keys(previous.files), ...Object.keys(previous.retained)]) {
        if (built.has(file) || file in manifest.retained || !isHashedAsset(file)) continue;
        // Built for the previous release: kept at least this once. Retired earlier: kept while young enough.
        const retiredAt = previous.retained[file];
        if (retiredAt !== undefined && now - retiredAt >= retainMs) continue;
        try {
          fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
          await fs.promises.link(path.join(previousDir, file), path.join(staging, file));
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
  result.removedReleases = await removeOldReleases(releasesDir, new Set([id, ...(previousDir ? [path.basename(previousDir)] : [])]));
  return result;
}

/** One line saying what a publish did. */
export function describePublish(result: PublishResult, ms: number, workDir = 'public'): string {
  return (
    `Published ${workDir.replace(/\/$/, '')}/ as ${result.id} in ${(ms / 1000).toFixed(1)} s: ${result.files} files, ` +
    `${result.copied} new or changed (copied, ${(result.copiedBytes / 1e6).toFixed(1)} MB), ${result.linked} unchanged (linked), ` +
    `${result.retained} islands of earlier builds kept`
  );
}
