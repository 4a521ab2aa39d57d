/**
 * How one file of the finished build gets into a release: a hard link to the previous release's copy when it did
 * not change, else a hard link to the build's file itself, so the site is on disk once (a copy where linking is
 * not safe or not possible). Linking the build's files is safe because every process that writes the build's
 * work folder gives a linked file an inode of its own before writing it (unshare-linked-files.cjs, preloaded into
 * `gatsby build`), so a rebuild never changes a published release.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What a publish did with the files it placed. */
export interface PlacedFiles {
  files: number;
  /**
   * Files new or changed since the previous release, copied (a work folder that is not guarded, or no link possible).
   */
  copied: number;
  copiedBytes: number;
  /** Files as in the previous release: linked to its copy. */
  linked: number;
  /** Files new or changed since the previous release, linked to the build's file (no bytes written). */
  linkedFromBuild: number;
  linkedBytes: number;
  /** Build files found written in place while linked into the previous release (writtenInPlace). */
  writtenInPlace: number;
  /** Paths in the release (`de/p/x/index.html`) of files new, changed or gone since the previous release. */
  changed: string[];
}

export const noFilesPlaced = (): PlacedFiles => ({
  files: 0,
  copied: 0,
  copiedBytes: 0,
  linked: 0,
  linkedFromBuild: 0,
  linkedBytes: 0,
  writtenInPlace: 0,
  changed: [],
});

/** How files new or changed since the previous release get into it: linked from the build, or copied. */
export type PlaceMode = 'link' | 'copy';

/** A build file's identity: size, modification time (ns) and inode. Unchanged identity, unchanged file. */
export function identityOf(file: string): { identity: string; size: bigint } {
  const stat = fs.statSync(file, { bigint: true });
  return { identity: `${stat.size}:${stat.mtimeNs}:${stat.ino}`, size: stat.size };
}

/** Files up to this size that were rewritten are compared with the previous release's copy before copying. */
const COMPARE_UP_TO = 4 * 1024 * 1024;

/**
 * Whether a rewritten file holds the same bytes as the previous release's copy (Gatsby rewrites pages it did not
 * change).
 */
function sameBytes(file: string, size: bigint, previousCopy: string): boolean {
  if (size > COMPARE_UP_TO) return false;
  const other = fs.statSync(previousCopy, { bigint: true, throwIfNoEntry: false });
  if (other?.size !== size) return false;
  return fs.readFileSync(file).equals(fs.readFileSync(previousCopy));
}

/**
 * Whether the build's `file` is the previous release's `previousCopy`: 'identity' when the identity recorded when
 * that copy was made is the file's identity now (the same file, untouched), 'bytes' when it was written again with
 * the same bytes, false when it changed or is new.
 */
export function unchangedSince(
  file: string,
  now: { identity: string; size: bigint },
  previousCopy: string | undefined,
  previousIdentity: string | undefined,
): Unchanged {
  if (previousCopy === undefined) return false;
  if (previousIdentity === now.identity) return 'identity';
  return sameBytes(file, now.size, previousCopy) ? 'bytes' : false;
}

export type Unchanged = 'identity' | 'bytes' | false;

/**
 * Whether the build's file is the inode the previous release holds (linked from the build) but no longer as it was
 * published: something wrote it in place, without unshare-linked-files.cjs, and changed that release with it.
 */
export function writtenInPlace(now: string, previousIdentity: string | undefined): boolean {
  if (previousIdentity === undefined || previousIdentity === now) return false;
  return now.split(':')[2] === previousIdentity.split(':')[2];
}

/**
 * A build file written again with the bytes the previous release holds becomes a link to that release's copy, so
 * the work folder and the releases do not hold the same bytes twice (a full rebuild rewrites all 57,000 pages).
 * Made beside and renamed over, so the work folder never lacks the file. Returns the file's identity now.
 */
export function relinkToPrevious(file: string, previousCopy: string): string | undefined {
  const temporary = `${file}.${process.pid}.relink`;
  try {
    fs.linkSync(previousCopy, temporary);
    fs.renameSync(temporary, file);
    return identityOf(file).identity;
  } catch {
    fs.rmSync(temporary, { force: true });
    return undefined; // too many links, or gone: the build's file stays as it is
  }
}

/**
 * Puts `source` at `target`: a hard link to `previousCopy` when `unchanged`, else (or when that link fails: the
 * copy is gone, or has too many links) a hard link to `source` in mode 'link', a copy in mode 'copy' or when the
 * link fails. Counts what it did in `placed` (`changed` is the caller's: it knows the path in the release).
 */
export function placeFile(
  source: string,
  target: string,
  size: bigint | undefined,
  previousCopy: string | undefined,
  unchanged: Unchanged,
  placed: PlacedFiles,
  mode: PlaceMode,
): void {
  placed.files += 1;
  if (unchanged && previousCopy !== undefined) {
    try {
      fs.linkSync(previousCopy, target);
      placed.linked += 1;
      return;
    } catch {
      // gone from the previous release, or too many links: link or copy the build's file
    }
  }
  const bytes = () => Number(size ?? fs.statSync(source).size);
  if (mode === 'link') {
    try {
      fs.linkSync(source, target);
      placed.linkedFromBuild += 1;
      placed.linkedBytes += bytes();
      return;
    } catch {
      // another file system, or too many links: copy it
    }
  }
  // COPYFILE_FICLONE: a copy-on-write clone where the file system has them (btrfs, XFS), else a copy.
  fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
  placed.copied += 1;
  placed.copiedBytes += bytes();
}

/** Every file below `dir`, as paths relative to it (a link to a folder is followed when it is `dir` itself). */
export function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}
