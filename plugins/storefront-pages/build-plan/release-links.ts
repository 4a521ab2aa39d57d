/**
 * The served site is a release: a folder `releases/<id>/` that nothing writes to once published, and
 * `releases/current`, a symlink to the release the server serves. Publishing makes the new release beside the
 * old one and swaps the link with one rename(), which POSIX makes atomic: whoever opens `current/…` gets the
 * old release or the new one, never a mix of both and never nothing. `releases/previous` names the release
 * before, kept for rollback and for requests that resolved the link just before a swap. The newest releases (10 by
 * default, RELEASES_KEPT) are kept for rollback; older ones are deleted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lockHolder, takeLock } from './process-lock';

export const RELEASES_DIR = 'releases';
export const CURRENT = 'current';
export const PREVIOUS = 'previous';
/** Release folders are named so that they sort by time: `r-20250102T030405678Z-1a2b`. */
export const RELEASE_NAME = /^r-\d{8}T\d{9}Z-[0-9a-z]+$/;

/** How many releases a publish keeps by default (the newest, plus current and previous wherever they point). */
export const DEFAULT_RELEASES_KEPT = 10;

/**
 * The number of releases to keep: `RELEASES_KEPT` (at least 2: the served one and the one before, which requests
 * still reading it and a rollback need), else DEFAULT_RELEASES_KEPT. A value that is not a number stops the publish.
 */
export function releasesKept(env: NodeJS.ProcessEnv = process.env): number {
  const value = env['RELEASES_KEPT'];
  if (value === undefined || value === '') return DEFAULT_RELEASES_KEPT;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 2)
    throw new Error(`RELEASES_KEPT wants a whole number of at least 2, not "${value}"`);
  return count;
}

/** The release folders in the releases folder, oldest first (their names sort by time). */
export function releaseIds(releasesDir: string): string[] {
  if (!fs.existsSync(releasesDir)) return [];
  return fs
    .readdirSync(releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && RELEASE_NAME.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The releases a publish keeps: the newest `count`, and those `current` and `previous` point to. */
export function keptReleases(releasesDir: string, count: number): Set<string> {
  const kept = new Set(releaseIds(releasesDir).slice(-count));
  for (const name of [CURRENT, PREVIOUS]) {
    const dir = releaseBehind(releasesDir, name);
    if (dir) kept.add(path.basename(dir));
  }
  return kept;
}
/** A release being written (renamed to its final name when complete). */
export const STAGING_PREFIX = '.staging-';

/** What the server serves (its PUBLIC_DIR default): the link to the current release. */
export const servedDir = (releasesDir = RELEASES_DIR): string => path.join(releasesDir, CURRENT);

/** A new release's name, sortable by time. */
export function newReleaseId(now = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[-:.]/g, '');
  return `r-${stamp}-${Math.random().toString(36).slice(2, 6)}`;
}

/** The release folder (absolute) that `releases/<name>` points to, or undefined when there is none. */
export function releaseBehind(releasesDir: string, name: string): string | undefined {
  try {
    const target = path.resolve(releasesDir, fs.readlinkSync(path.join(releasesDir, name)));
    return fs.existsSync(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Points `releases/<name>` at the release `id` in one step: a new link is made beside the old one and renamed
 * over it. The link is relative, so the releases folder can be moved as a whole.
 */
export function pointLink(releasesDir: string, name: string, id: string): void {
  const link = path.join(releasesDir, name);
  const existing = fs.lstatSync(link, { throwIfNoEntry: false });
  if (existing?.isDirectory()) {
    // A plain folder where the link belongs (made by hand, or by a server started before any publish):
    // rename() cannot replace it. Empty, it held nothing to serve; otherwise it is someone's data.
    if (fs.readdirSync(link).length > 0)
      throw new Error(`${link} is a folder, not a link to a release: move it away and publish again`);
    fs.rmdirSync(link);
  }
  const temporary = path.join(releasesDir, `.${name}-${process.pid}-${Date.now()}.link`);
  fs.symlinkSync(id, temporary);
  try {
    fs.renameSync(temporary, link);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** A staging folder this old belongs to a publish that was stopped; a younger one may be another publish's. */
const ABANDONED_MS = 3600 * 1000;

/** Releases on their way out: renamed here at once, deleted behind the publish's back. */
export const TRASH_PREFIX = '.trash-';

/**
 * Deletes folders of the releases folder in the background: each is first renamed out of the way (one step,
 * so it is gone at once), then deleted by a detached `rm`. A release is some 170,000 entries, whose deletion
 * took 7.5 s that a release manager need not wait for. Trash an earlier `rm` left (the machine stopped) goes too.
 */
export function discard(releasesDir: string, folders: readonly string[]): void {
  const trash = fs
    .readdirSync(releasesDir)
    .filter((name) => name.startsWith(TRASH_PREFIX))
    .map((name) => path.join(releasesDir, name));
  for (const folder of folders) {
    const trashed = path.join(releasesDir, `${TRASH_PREFIX}${path.basename(folder)}`);
    fs.renameSync(folder, trashed);
    trash.push(trashed);
  }
  if (trash.length > 0) spawn('rm', ['-rf', '--', ...trash], { detached: true, stdio: 'ignore' }).unref();
}

/**
 * Deletes every release except those named in `keep`, and the staging folders of publishes that were stopped,
 * with the other folders named in `also`. Returns the names of the releases deleted.
 */
export async function removeOldReleases(
  releasesDir: string,
  keep: ReadonlySet<string>,
  also: readonly string[] = [],
): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await fs.promises.readdir(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || keep.has(entry.name) || entry.name.startsWith(TRASH_PREFIX)) continue;
    const abandoned =
      entry.name.startsWith(STAGING_PREFIX) &&
      Date.now() - (await fs.promises.stat(path.join(releasesDir, entry.name))).mtimeMs > ABANDONED_MS;
    if (!RELEASE_NAME.test(entry.name) && !abandoned) continue;
    removed.push(entry.name);
  }
  discard(releasesDir, [...removed.map((name) => path.join(releasesDir, name)), ...also]);
  return removed;
}

/** Held by the publish that is making a release, so two never interleave (see withPublishLock). */
const LOCK_FILE = '.publish.lock';

/**
 * Runs `work` while holding the releases folder's publish lock, waiting (up to `waitMs`) for another publish to
 * finish first. Two publishes at once would each delete the releases the other keeps, the one being served
 * among them.
 */
export async function withPublishLock<T>(
  releasesDir: string,
  work: () => Promise<T>,
  waitMs = 15 * 60 * 1000,
): Promise<T> {
  const started = Date.now();
  let told = false;
  let lock: ReturnType<typeof takeLock>;
  for (;;) {
    lock = takeLock(path.join(releasesDir, LOCK_FILE));
    if ('release' in lock) break;
    const holder = lock.holder;
    if (Date.now() - started > waitMs)
      throw new Error(
        `another publish (process ${holder}) has held ${path.join(releasesDir, LOCK_FILE)} for ` +
          `${Math.round(waitMs / 1000)} s: not publishing`,
      );
    if (!told) console.log(`Waiting for another publish (process ${holder}) to finish…`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/**
 * Serves the previous release again, or the kept release `to` (and names the one rolled back from as previous).
 * Returns the served id. The whole site in one step; rollbackStorefronts (rollback-storefronts.ts) rolls back some
 * storefronts only.
 */
export function rollback(releasesDir = RELEASES_DIR, to?: string): string {
  const holder = fs.existsSync(path.join(releasesDir, LOCK_FILE))
    ? lockHolder(path.join(releasesDir, LOCK_FILE))
    : undefined;
  if (holder !== undefined) throw new Error(`a publish (process ${holder}) is running: roll back once it has finished`);
  const current = releaseBehind(releasesDir, CURRENT);
  const target = to === undefined ? releaseBehind(releasesDir, PREVIOUS) : releaseDir(releasesDir, to);
  if (!target)
    throw new Error(`${path.join(releasesDir, PREVIOUS)} does not point to a release: nothing to roll back to`);
  pointLink(releasesDir, CURRENT, path.basename(target));
  if (current && current !== target) pointLink(releasesDir, PREVIOUS, path.basename(current));
  return path.basename(target);
}

/** The folder of the kept release `id`; an id that names no kept release is the caller's mistake. */
export function releaseDir(releasesDir: string, id: string): string {
  const dir = path.resolve(releasesDir, id);
  if (!RELEASE_NAME.test(id) || !fs.existsSync(dir)) {
    const kept = releaseIds(releasesDir);
    throw new Error(`no release ${id} in ${releasesDir}; kept: ${kept.length > 0 ? kept.join(', ') : 'none'}`);
  }
  return dir;
}
