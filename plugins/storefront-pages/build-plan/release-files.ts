/**
 * How one file of the finished build gets into a release: a hard link to the previous release's copy when it
 * did not change, else a copy. Never a link to public/ itself: Gatsby rewrites its files in place, which would
 * change a served file under the server.
 */
import fs from 'fs';
import path from 'path';

/** What a publish did with the files it placed. */
export interface PlacedFiles {
  files: number;
  copied: number;
  copiedBytes: number;
  linked: number;
}

export const noFilesPlaced = (): PlacedFiles => ({ files: 0, copied: 0, copiedBytes: 0, linked: 0 });

/** A build file's identity: size, modification time (ns) and inode. Unchanged identity, unchanged file. */
export function identityOf(file: string): { identity: string; size: bigint } {
  const stat = fs.statSync(file, { bigint: true });
  return { identity: `${stat.size}:${stat.mtimeNs}:${stat.ino}`, size: stat.size };
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

/**
 * Whether the build's `file` is the previous release's `previousCopy`: the identity recorded when that copy was
 * made is the file's identity now, or the bytes are the same.
 */
export function unchangedSince(file: string, now: { identity: string; size: bigint }, previousCopy: string | undefined, previousIdentity: string | undefined): boolean {
  if (previousCopy === undefined) return false;
  return previousIdentity === now.identity || sameBytes(file, now.size, previousCopy);
}

/**
 * Puts `source` at `target`: a hard link to `previousCopy` when `unchanged`, else (or when that link fails:
 * the copy is gone, or has too many links) a copy. Counts what it did in `placed`.
 */
export function placeFile(source: string, target: string, size: bigint | undefined, previousCopy: string | undefined, unchanged: boolean, placed: PlacedFiles): void {
  placed.files += 1;
  if (unchanged && previousCopy !== undefined) {
    try {
      fs.linkSync(previousCopy, target);
      placed.linked += 1;
      return;
    } catch {
      // gone from the previous release, or too many links: copy it
    }
  }
  // COPYFILE_FICLONE: a copy-on-write clone where the file system has them (btrfs, XFS), else a copy.
  fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
  placed.copied += 1;
  placed.copiedBytes += Number(size ?? fs.statSync(source).size);
}

/** Every file below `dir`, as paths relative to it (a link to a folder is followed when it is `dir` itself). */
export function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}
