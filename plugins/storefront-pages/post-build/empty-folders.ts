/**
 * Removes the folders a build left empty below public/. Gatsby deletes the pages of storefronts a build leaves
 * out (their siblings go with compress.ts), which leaves tens of thousands of empty folders; Gatsby's Parcel
 * step walks the whole project folder at the start of every build, so they would cost every later build time.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Removes the empty folders below `dir` (not `dir` itself); returns how many. */
export function removeEmptyFolders(dir: string): number {
  let removed = 0;
  const visit = (folder: string): boolean => {
    let empty = true;
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory() && visit(path.join(folder, entry.name))) {
        fs.rmdirSync(path.join(folder, entry.name));
        removed += 1;
      } else {
        empty = false;
      }
    }
    return empty;
  };
  if (fs.existsSync(dir)) visit(dir);
  return removed;
}
