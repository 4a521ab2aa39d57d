/**
 * What each release records about itself in `.release.json` (a dotfile: the server never serves it): its files'
 * identities, the storefront versions it links to, the hashed islands it keeps from earlier builds. Publishing
 * reads the previous release's to decide what changed; listing and rolling back read them to name versions.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StorefrontEntry } from './storefront-versions';

export const RELEASE_MANIFEST = '.release.json';

export interface ReleaseManifest {
  id: string;
  created: string;
  /** Root files and shared folders: path → identity (release-files.ts) of the build file it was made from. */
  files: Record<string, string>;
  /** Storefront folders: urlLocal → its version and files (absent in releases made before versions). */
  storefronts?: Record<string, StorefrontEntry>;
  /** Hashed islands no longer built, kept: path → when they first went missing (ms). */
  retained: Record<string, number>;
  /**
   * 'link' when its new files are the build's own inodes (release-files.ts); absent in releases that copied them,
   * whose files the next linking publish turns into links of public/'s (so public/ stops holding a second copy).
   */
  mode?: 'link' | 'copy';
  /** Set by a per-storefront rollback: the release it was made from, and the one those storefronts came from. */
  rolledBack?: { from: string; to: string; storefronts: string[] };
}

/** A release's manifest, or undefined for a release made by hand (then every file is copied). */
export function readManifest(releaseDir: string | undefined): ReleaseManifest | undefined {
  if (!releaseDir) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_MANIFEST), 'utf8')) as ReleaseManifest;
  } catch {
    return undefined;
  }
}

export function writeManifest(releaseDir: string, manifest: ReleaseManifest): void {
  fs.writeFileSync(path.join(releaseDir, RELEASE_MANIFEST), `${JSON.stringify(manifest)}\n`);
}

/** Folders of the build that make the site beside the storefront folders (Gatsby's bundles and page-data stay out). */
export const SHARED_FOLDERS = new Set(['_widgets', 'images', 'static']);

/** Whether a release path lies in a shared folder (rather than being a root file). */
export const inSharedFolder = (file: string): boolean => SHARED_FOLDERS.has(file.split('/')[0] ?? '');

/**
 * The root pages (the location chooser and the 404 outside every storefront) are the en-US storefront's pages
 * (post-build/root-files.ts): a build without us writes them from another storefront's, so the served ones stay.
 */
export const ROOT_PAGES = /^(?:index|404)\.html(?:\.br|\.gz)?$/;
