/**
 * Rolls chosen storefronts back to the version an earlier release served, in one step: a new release equal to the
 * served one except that those storefronts link to the earlier release's versions, then the `current` link swap.
 * Pages only; the caller makes the API's prices follow (after-publish.ts).
 *
 * The console's own implementation until the publish side's `rollbackStorefronts({ releasesDir, to, locals })`
 * (build-plan/) is merged: the lead replaces the body with a call to it. Built from the existing build-plan parts
 * (the publish lock, the link swap, the clean-up of old releases), so it keeps their rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_MANIFEST } from '../../plugins/storefront-pages/build-plan/publish';
import { CURRENT, PREVIOUS, STAGING_PREFIX, newReleaseId, pointLink, releaseBehind, removeOldReleases, withPublishLock } from '../../plugins/storefront-pages/build-plan/release-links';
import { VERSIONS_DIR, unusedVersions } from '../../plugins/storefront-pages/build-plan/storefront-versions';
import { readManifest, type Manifest } from './releases-on-disk';

export interface RollbackResult {
  id: string;
  /** urlLocal → the version now served. */
  versions: Record<string, string>;
}

/** Serves `locals` as release `to` served them; every other storefront stays as it is. */
export async function rollbackStorefronts(options: { releasesDir: string; to: string; locals: string[] }): Promise<RollbackResult> {
  const releasesDir = path.resolve(options.releasesDir);
  return withPublishLock(releasesDir, async () => {
    const currentDir = releaseBehind(releasesDir, CURRENT);
    const current = currentDir ? readManifest(currentDir) : undefined;
    if (!currentDir || !current?.storefronts) throw new Error('no release with storefront versions is served: nothing to roll back');
    const target = readManifest(path.join(releasesDir, options.to));
    if (!target?.storefronts) throw new Error(`release ${options.to} is not kept any more (or has no storefront versions)`);
    const missing = options.locals.filter((code) => !target.storefronts![code]);
    if (missing.length > 0) throw new Error(`release ${options.to} does not hold ${missing.join(', ')}`);

    const id = newReleaseId();
    const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
    const manifest: Manifest = { id, created: new Date().toISOString(), files: current.files, storefronts: { ...current.storefronts }, retained: current.retained };
    try {
      fs.mkdirSync(staging, { recursive: true });
      // Root files and shared folders, retained islands included: hard links to the served release's.
      for (const file of [...Object.keys(current.files), ...Object.keys(current.retained)]) {
        const from = path.join(currentDir, file);
        if (!fs.existsSync(from)) continue;
        fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
        fs.linkSync(from, path.join(staging, file));
      }
      for (const code of options.locals) manifest.storefronts![code] = target.storefronts![code]!;
      for (const [code, entry] of Object.entries(manifest.storefronts!)) fs.symlinkSync(path.join('..', VERSIONS_DIR, entry.version), path.join(staging, code));
      fs.writeFileSync(path.join(staging, RELEASE_MANIFEST), `${JSON.stringify(manifest)}\n`);
      fs.renameSync(staging, path.join(releasesDir, id));
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    pointLink(releasesDir, CURRENT, id);
    pointLink(releasesDir, PREVIOUS, path.basename(currentDir));
    // Kept: the new release, the one rolled back from, and the one rolled back to (its versions are served now).
    const kept = new Set([id, path.basename(currentDir), options.to]);
    const used = new Set([manifest, current, target].flatMap((m) => Object.values(m.storefronts ?? {}).map((entry) => entry.version)));
    await removeOldReleases(releasesDir, kept, unusedVersions(releasesDir, used));
    return { id, versions: Object.fromEntries(options.locals.map((code) => [code, manifest.storefronts![code]!.version])) };
  });
}
