/**
 * Writes that leave a file alone when it already holds those bytes. A rewritten file is newer than its `.br` and
 * `.gz` siblings, so compress.ts encodes it again, and its identity changes, so the publish compares it byte by
 * byte: the 63 sitemaps alone (80 MB) cost a one-country build two seconds when rewritten unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Writes `data` to `file` unless the file already holds exactly that; returns whether it wrote. */
export function writeIfChanged(file: string, data: string | Buffer): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const existing = fs.statSync(file, { throwIfNoEntry: false });
  if (existing?.size === bytes.length && fs.readFileSync(file).equals(bytes)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return true;
}

/** Copies every file below `from` to the same place below `to`, skipping those `to` already holds unchanged. */
export function copyChangedFiles(from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    writeIfChanged(path.join(to, path.relative(from, source)), fs.readFileSync(source));
  }
}
