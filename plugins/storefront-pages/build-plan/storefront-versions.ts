/**
 * A release's storefront folders are links to storefront versions, `releases/.storefronts/<code>.<release id>/`:
 * folders that nothing writes to once made. A storefront whose files are all as in the previous release keeps
 * that release's version, one link where a folder of hard links cost one link per file (some 2,800 per
 * storefront, 173,000 for all). A storefront with a changed, new or deleted file gets a new version whose
 * unchanged files are hard links to the previous version's and whose changed ones are the build's. So a publish
 * after one storefront was rebuilt costs what that storefront's files cost, and the releases folder holds each
 * storefront once per version rather than once per release (Gatsby's Parcel step walks the whole project
 * folder on every build, so that matters too). New and changed files are hard links to the build's own files in
 * link mode (release-files.ts), so a version costs directory entries, not bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  filesBelow,
  identityOf,
  placeFile,
  relinkToPrevious,
  unchangedSince,
  writtenInPlace,
  type PlacedFiles,
  type PlaceMode,
  type Unchanged,
} from './release-files';

/** Below the releases folder: one folder per storefront version. */
export const VERSIONS_DIR = '.storefronts';

/** A storefront as a release holds it: its version and the identities of the build files it was made from. */
export interface StorefrontEntry {
  version: string;
  /** Path inside the storefront folder → identity (release-files.ts) of the build file placed there. */
  files: Record<string, string>;
}

/** The previous release's copy of a storefront. */
export interface PreviousStorefront {
  /** Its folder: a version, or a plain folder in a release made before versions existed. */
  dir: string;
  /** The version's name; only a version can be shared with a new release. */
  version?: string;
  files: Record<string, string>;
}

/** The link a release holds for a storefront: relative, so the releases folder can be moved as a whole. */
const linkTo = (version: string): string => path.join('..', VERSIONS_DIR, version);

/**
 * Files of a storefront that every build writes anew, also for storefronts it does not rebuild: the sitemap,
 * because hreflang clusters span storefronts (a product one country starts selling joins every other country's
 * cluster).
 */
export const SITE_WIDE_FILES = ['sitemap.xml', 'sitemap.xml.br', 'sitemap.xml.gz'];

/** Where a file of the new version comes from, and whether it is the previous version's copy. */
interface PlannedFile {
  file: string;
  from: string;
  /** Known for files of the build (stat'ed anyway); the previous version's files are not stat'ed. */
  size: bigint | undefined;
  previousCopy: string | undefined;
  unchanged: Unchanged;
}

interface PublishArgs {
  workDir: string;
  code: string;
  releasesDir: string;
  /** The release being made (its staging folder). */
  release: string;
  releaseId: string;
  previous: PreviousStorefront | undefined;
  placed: PlacedFiles;
  /** 'link' when the work folder is guarded against in-place writes (release-files.ts). */
  mode: PlaceMode;
  /** The previous release copied the build's files: untouched ones are relinked too (relinkRewritten). */
  relinkUntouched?: boolean;
  /**
   * The previous release linked the build's files, so a build file with its inode but another identity was written
   * in place (in a release that copied them, the inode number may have been freed and reused).
   */
  checkInPlace?: boolean;
}

/** Plans a file of the build's `workDir/<code>` and records its identity in `entry`. */
function fromBuild(args: PublishArgs, file: string, entry: StorefrontEntry): PlannedFile {
  const from = path.join(args.workDir, args.code, file);
  const now = identityOf(from);
  entry.files[file] = now.identity;
  const previousCopy = args.previous && path.join(args.previous.dir, file);
  if (args.checkInPlace && writtenInPlace(now.identity, args.previous?.files[file])) args.placed.writtenInPlace += 1;
  return {
    file,
    from,
    size: now.size,
    previousCopy,
    unchanged: unchangedSince(from, now, previousCopy, args.previous?.files[file]),
  };
}

/**
 * In link mode, the build's files written again with the previous version's bytes (and all unchanged ones when the
 * previous release copied them) become links to its copies (relinkToPrevious), and the entry records their
 * identity now, so the next publish finds them untouched.
 */
function relinkRewritten(args: PublishArgs, planned: PlannedFile[], entry: StorefrontEntry): void {
  if (args.mode !== 'link') return;
  for (const file of planned) {
    const rewritten = file.unchanged === 'bytes' || (args.relinkUntouched === true && file.unchanged === 'identity');
    if (!rewritten || file.previousCopy === undefined || file.from === file.previousCopy) continue;
    const identity = relinkToPrevious(file.from, file.previousCopy);
    if (identity) entry.files[file.file] = identity;
  }
}

/**
 * Links `release/<code>` to the previous version when every planned file is its copy and no file was added or
 * dropped, else to a new version made of the planned files.
 */
function linkVersion(
  args: PublishArgs,
  planned: PlannedFile[],
  entry: StorefrontEntry,
): { entry: StorefrontEntry; reused: boolean } {
  const { code, releasesDir, release, previous, placed } = args;
  const same =
    previous !== undefined &&
    planned.length === Object.keys(previous.files).length &&
    planned.every((file) => file.unchanged);
  relinkRewritten(args, planned, entry);
  if (same && previous.version) {
    fs.symlinkSync(linkTo(previous.version), path.join(release, code));
    placed.files += planned.length;
    return { entry: { ...entry, version: previous.version }, reused: true };
  }
  const folder = path.join(releasesDir, VERSIONS_DIR, entry.version);
  fs.rmSync(folder, { recursive: true, force: true }); // left by a publish that stopped half-way
  for (const dir of new Set(planned.map((file) => path.dirname(file.file))))
    fs.mkdirSync(path.join(folder, dir), { recursive: true });
  for (const file of planned) {
    placeFile(file.from, path.join(folder, file.file), file.size, file.previousCopy, file.unchanged, placed, args.mode);
    if (!file.unchanged) placed.changed.push(`${code}/${file.file}`);
  }
  const kept = new Set(planned.map((file) => file.file));
  for (const file of Object.keys(previous?.files ?? {})) if (!kept.has(file)) placed.changed.push(`${code}/${file}`);
  fs.symlinkSync(linkTo(entry.version), path.join(release, code));
  return { entry, reused: false };
}

/**
 * A storefront this build rebuilt: `release/<code>` becomes a link to a version of the build's `workDir/<code>`,
 * the previous one when no file changed. Returns what the release records for it and whether it was kept.
 */
export function publishStorefront(args: PublishArgs): { entry: StorefrontEntry; reused: boolean } {
  const entry: StorefrontEntry = { version: `${args.code}.${args.releaseId}`, files: {} };
  const planned = filesBelow(path.join(args.workDir, args.code)).map((file) => fromBuild(args, file, entry));
  return linkVersion(args, planned, entry);
}

/**
 * A storefront this build did not rebuild: the previous release's version, with the site-wide files the build
 * wrote for it (SITE_WIDE_FILES). Unchanged, they leave the version shared.
 */
export function carryStorefront(args: PublishArgs & { previous: PreviousStorefront }): {
  entry: StorefrontEntry;
  reused: boolean;
} {
  const { previous } = args;
  const entry: StorefrontEntry = { version: `${args.code}.${args.releaseId}`, files: {} };
  const rewritten = new Set(SITE_WIDE_FILES.filter((file) => fs.existsSync(path.join(args.workDir, args.code, file))));
  const planned = Object.entries(previous.files).map(([file, identity]): PlannedFile => {
    if (rewritten.has(file)) return fromBuild(args, file, entry);
    entry.files[file] = identity;
    const previousCopy = path.join(previous.dir, file);
    return { file, from: previousCopy, size: undefined, previousCopy, unchanged: 'identity' };
  });
  for (const file of rewritten) if (!(file in previous.files)) planned.push(fromBuild(args, file, entry));
  return linkVersion(args, planned, entry);
}

/**
 * The previous release's copy of `code`, from its manifest: a version, or (a release made before versions) a
 * plain folder whose files the manifest lists by their path in the release.
 */
export function previousStorefront(
  previousRelease: string | undefined,
  code: string,
  storefronts: Record<string, StorefrontEntry> | undefined,
  legacyFiles: Record<string, string> | undefined,
): PreviousStorefront | undefined {
  if (!previousRelease) return undefined;
  const entry = storefronts?.[code];
  if (entry) return { dir: path.join(previousRelease, code), version: entry.version, files: entry.files };
  if (!legacyFiles || !fs.existsSync(path.join(previousRelease, code))) return undefined;
  const prefix = `${code}/`;
  const files = Object.fromEntries(
    Object.entries(legacyFiles).flatMap(([file, identity]) =>
      file.startsWith(prefix) ? [[file.slice(prefix.length), identity]] : [],
    ),
  );
  return { dir: path.join(previousRelease, code), files };
}

/** The storefront versions (folders) that none of the kept releases links to, for removeOldReleases to delete. */
export function unusedVersions(releasesDir: string, used: ReadonlySet<string>): string[] {
  const dir = path.join(releasesDir, VERSIONS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => !used.has(name))
    .map((name) => path.join(dir, name));
}
