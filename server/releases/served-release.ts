/**
 * What a release on disk says about its storefronts: which version serves each one and the prices its pages show
 * (`.offers.json`, written by the build). Reads the layout the publish makes (plugins/storefront-pages/build-plan):
 * `releases/<id>/<code>` links to `releases/.storefronts/<version>/`, and `releases/current` links to the served
 * release.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getStorefront } from '../../region-config/index';
import { parseServedOffers, SERVED_OFFERS_FILE, type ServedOffersFile } from '../../sites/served-offers';

/** The link to the served release inside a releases folder. */
const CURRENT = 'current';
/** Each release's manifest (publish.ts): it names the version of each storefront. */
const MANIFEST = '.release.json';

export interface ServedStorefront {
  /** The storefront's code (URL prefix) and its country. */
  code: string;
  local: string;
  version: string;
  /** Where its `.offers.json` lives (read only when the storefront changed). */
  offersFile: string;
}

export interface ReleaseOnDisk {
  id: string;
  dir: string;
  /**
   * Storefronts of the release that carry an `.offers.json` (older releases have none: their prices are left alone).
   */
  storefronts: ServedStorefront[];
}

/**
 * The releases folder of a server's PUBLIC_DIR, when it serves one (`…/releases/current`); undefined otherwise,
 * e.g. a plain build folder.
 */
export function releasesDirOf(publicDir: string): string | undefined {
  const resolved = path.resolve(publicDir);
  return path.basename(resolved) === CURRENT ? path.dirname(resolved) : undefined;
}

/** Release ids are folder names: no separators, no leading dot (so no `..`, no staging folders). */
const isReleaseName = (id: string) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(id);

/** The release `releaseId` (or the served one), or null when the folder or the release does not exist. */
export function readRelease(releasesDir: string, releaseId?: string): ReleaseOnDisk | null {
  if (releaseId !== undefined && !isReleaseName(releaseId))
    throw new Error(`not a release id: ${JSON.stringify(releaseId.slice(0, 40))}`);
  let dir: string;
  try {
    dir = fs.realpathSync(path.join(releasesDir, releaseId ?? CURRENT));
  } catch {
    return null;
  }
  if (!fs.statSync(dir).isDirectory()) return null;
  const id = path.basename(dir);
  const manifest = readManifest(dir);
  const storefronts: ServedStorefront[] = [];
  for (const entry of fs.readdirSync(dir).sort()) {
    const storefront = getStorefront(entry);
    if (!storefront) continue;
    const folder = path.join(dir, entry);
    const offersFile = path.join(folder, SERVED_OFFERS_FILE);
    if (!fs.existsSync(offersFile)) continue;
    storefronts.push({
      code: entry,
      local: storefront.local,
      version: manifest?.storefronts?.[entry]?.version ?? versionOf(folder, id, entry),
      offersFile,
    });
  }
  return { id, dir, storefronts };
}

function readManifest(dir: string): { storefronts?: Record<string, { version?: string }> } | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as {
      storefronts?: Record<string, { version?: string }>;
    };
  } catch {
    return undefined;
  }
}

/** A storefront folder's version: the name of the version it links to, or (a plain folder) the release's. */
function versionOf(folder: string, releaseId: string, code: string): string {
  try {
    return path.basename(fs.readlinkSync(folder));
  } catch {
    return `${code}.${releaseId}`;
  }
}

/** The prices a storefront version's pages show; throws naming the file when it is broken. */
export function readServedOffers(storefront: ServedStorefront): ServedOffersFile {
  return parseServedOffers(fs.readFileSync(storefront.offersFile, 'utf8'), storefront.offersFile);
}
