import fs from 'node:fs';
import zlib from 'node:zlib';

/** Effort levels of one file's Brotli and gzip siblings (compress.ts says which files get which). */
export interface CompressionLevels {
  brotli: number;
  gzip: number;
}

export interface CompressionStats {
  compressed: number;
  /** Of those, files with the same bytes as the file before them, whose siblings were written again, not recomputed. */
  reused: number;
  upToDate: number;
  /** Files that compression would not make smaller (tiny files): served as they are. */
  notSmaller: number;
  /** Siblings whose file is gone (a page removed from the catalogue) or no longer worth compressing. */
  removed: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export interface CompressionJob {
  file: string;
  levels: CompressionLevels;
}

export const SIBLINGS = ['.br', '.gz'] as const;

export const emptyStats = (): CompressionStats => ({
  compressed: 0,
  reused: 0,
  upToDate: 0,
  notSmaller: 0,
  removed: 0,
  bytes: 0,
  brotliBytes: 0,
  gzipBytes: 0,
});

function mtime(file: string): number | undefined {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

/** Written beside the final name and renamed, so a server reading the folder never sends half a file. */
function writeAtomically(file: string, data: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

export function removeIfPresent(file: string): boolean {
  try {
    fs.unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A file's Brotli sibling at a quality (text mode: every file compressed here is text). */
export function brotli(data: Buffer, quality: number): Buffer {
  return zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** A file's gzip sibling at a level. */
export function gzip(data: Buffer, level: number): Buffer {
  return zlib.gzipSync(data, { level });
}

/** A file just compressed, kept for the next one, which often has the same bytes (compress.ts orders them so). */
interface LastCompressed {
  data: Buffer;
  levels: CompressionLevels;
  brData: Buffer;
  gzData: Buffer;
}

/**
 * Compresses one file into its `.br` and `.gz` siblings unless both are already newer than it. Returns what it
 * compressed, for the next file.
 */
function compressFile(
  { file, levels }: CompressionJob,
  stats: CompressionStats,
  last: LastCompressed | undefined,
): LastCompressed | undefined {
  const source = mtime(file);
  if (source === undefined) return last;
  const br = mtime(`${file}.br`);
  const gz = mtime(`${file}.gz`);
  if (br !== undefined && gz !== undefined && br >= source && gz >= source) {
    stats.upToDate += 1;
    return last;
  }
  const data = fs.readFileSync(file);
  // The same bytes at the same levels compress to the same siblings: a comparison instead of two compressions.
  const same =
    last !== undefined &&
    last.levels.brotli === levels.brotli &&
    last.levels.gzip === levels.gzip &&
    data.equals(last.data);
  const brData = same ? last.brData : brotli(data, levels.brotli);
  const gzData = same ? last.gzData : gzip(data, levels.gzip);
  const done = { data, levels, brData, gzData };
  // A sibling that is not smaller only costs the server a negotiation: serve the file itself instead.
  if (brData.length >= data.length || gzData.length >= data.length) {
    stats.notSmaller += 1;
    for (const ext of SIBLINGS) if (removeIfPresent(`${file}${ext}`)) stats.removed += 1;
    return done;
  }
  writeAtomically(`${file}.br`, brData);
  writeAtomically(`${file}.gz`, gzData);
  stats.compressed += 1;
  if (same) stats.reused += 1;
  stats.bytes += data.length;
  stats.brotliBytes += brData.length;
  stats.gzipBytes += gzData.length;
  return done;
}

/**
 * Compresses the files one after another on this thread. Synchronous on purpose: compress.ts gives each core a
 * thread of its own running this, which keeps every core busy (zlib's asynchronous API shared libuv's four
 * threads with the file reads and writes, and kept two cores 75 % busy).
 */
export function compressFilesSync(jobs: readonly CompressionJob[]): CompressionStats {
  const stats = emptyStats();
  let last: LastCompressed | undefined;
  for (const job of jobs) last = compressFile(job, stats, last);
  return stats;
}
