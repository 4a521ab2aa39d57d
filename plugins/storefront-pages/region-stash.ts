/**
 * Gatsby deletes the HTML of pages that the previous build made and this one did not. A build of some
 * regions (REGIONS=id) must leave the other regions' folders in public/ alone, so they are moved aside before
 * Gatsby writes HTML and moved back after.
 */
import fs from 'fs';
import path from 'path';
import { storefronts } from '../../region-config';

const publicDir = path.resolve('public');
const stashDir = path.resolve('.region-stash');

/** Moves back whatever an earlier, interrupted build left in the stash (unless it is being rebuilt now). */
export function restoreStash(rebuilt: ReadonlySet<string> = new Set()): void {
  if (!fs.existsSync(stashDir)) return;
  for (const name of fs.readdirSync(stashDir)) {
    const target = path.join(publicDir, name);
    if (rebuilt.has(name) || fs.existsSync(target)) fs.rmSync(path.join(stashDir, name), { recursive: true, force: true });
    else fs.renameSync(path.join(stashDir, name), target);
  }
  fs.rmSync(stashDir, { recursive: true, force: true });
}

/** Moves every built storefront folder that this build does not rebuild out of Gatsby's reach. */
export function stashOtherRegions(rebuilt: ReadonlySet<string>): string[] {
  restoreStash(rebuilt);
  if (!fs.existsSync(publicDir)) return [];
  const others = storefronts.map((s) => s.urlLocal).filter((code) => !rebuilt.has(code) && fs.existsSync(path.join(publicDir, code)));
  if (others.length === 0) return [];
  fs.mkdirSync(stashDir, { recursive: true });
  for (const code of others) fs.renameSync(path.join(publicDir, code), path.join(stashDir, code));
  return others;
}
