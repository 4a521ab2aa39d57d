/**
 * `.changed-urls.json` in each release: the URLs whose files are new, changed or gone since the release before it,
 * for purging a CDN after syncing the release to an object store (README "Publishing"). A dotfile: never served.
 */
import fs from 'node:fs';
import path from 'node:path';

export const CHANGED_URLS = '.changed-urls.json';

export interface ChangedUrls {
  release: string;
  /** The release compared with; null for the first release, whose every URL is new. */
  previous: string | null;
  /**
   * Paths below the site's origin (`/de/p/x/`, `/_widgets/cart.1a2b.js`), sorted; a page's folder URL and its file are
   * both listed.
   */
  urls: string[];
}

/**
 * The URLs a release file answers: a page's folder and its index.html; a .br/.gz sibling is its file's. Dotfiles: none.
 */
export function urlsOfFile(file: string): string[] {
  const parts = file.split(/[\\/]/);
  if (parts.some((part) => part.startsWith('.'))) return [];
  const plain = file.replace(/\\/g, '/').replace(/\.(?:br|gz)$/, '');
  if (plain === 'index.html') return ['/', '/index.html'];
  if (plain.endsWith('/index.html')) return [`/${plain.slice(0, -'index.html'.length)}`, `/${plain}`];
  return [`/${plain}`];
}

/** The URLs of release paths, deduplicated and sorted. */
export function urlsOf(files: Iterable<string>): string[] {
  const urls = new Set<string>();
  for (const file of files) for (const url of urlsOfFile(file)) urls.add(url);
  return [...urls].sort();
}

export function writeChangedUrls(
  releaseDir: string,
  release: string,
  previous: string | null,
  files: Iterable<string>,
): ChangedUrls {
  const manifest: ChangedUrls = { release, previous, urls: urlsOf(files) };
  fs.writeFileSync(path.join(releaseDir, CHANGED_URLS), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

/** A release's changed URLs, or undefined when it has none recorded (made before this file existed). */
export function readChangedUrls(releaseDir: string): ChangedUrls | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir, CHANGED_URLS), 'utf8')) as ChangedUrls;
  } catch {
    return undefined;
  }
}
