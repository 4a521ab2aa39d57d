/**
 * Publishing by hand (`npm run build` and `npm start` publish on their own after a successful build):
 *   npm run site:publish                               # public/ as a new release, served at once (releases/current)
 * npm run site:publish -- site                       # another finished site, e.g. the merged shards (merge-shards.ts)
 *   npm run site:publish -- site --built de,fr --link  # a site of some storefronts (the others carried over from the
 *                                                      # served release), linked: nothing writes `site` afterwards (CI)
 *   npm run site:rollback                              # serve the previous release again
 * npm run site:rollback -- --list                    # the kept releases, newest first, with their storefront versions
 *   npm run site:rollback -- --to r-…                  # serve a kept release again, whole
 * npm run site:rollback -- --storefront de --to r-…  # only de (a country: all its storefronts) as release r-… served
 * it
 * RELEASES_DIR names another releases folder (default releases/).
 */
import path from 'node:path';
import { describePublish, publishRelease } from './publish';
import { selectedStorefronts } from '../selected-storefronts';
import { completePartialSite } from './partial-site';
import { listReleases } from './release-list';
import { readManifest } from './release-manifest';
import { RELEASES_DIR, rollback, servedDir } from './release-links';
import { rollbackStorefronts } from './rollback-storefronts';
import { afterServedChange } from './served-change';

/** The value after `--name` or in `--name=value`. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** Storefronts whose version differs between two releases (all of them when either has no versions). */
function storefrontsBetween(releasesDir: string, a: string, b: string): string[] {
  const before = readManifest(path.join(releasesDir, a))?.storefronts ?? {};
  const after = readManifest(path.join(releasesDir, b))?.storefronts ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((code) => before[code]?.version !== after[code]?.version)
    .sort();
}

async function rollbackCommand(args: string[], releasesDir: string): Promise<void> {
  if (args.includes('--list')) {
    for (const release of listReleases(releasesDir)) {
      const mark = release.current ? ' (current)' : release.previous ? ' (previous)' : '';
      const rolled = release.rolledBack
        ? `; ${release.rolledBack.storefronts.join(', ')} rolled back to ${release.rolledBack.to}`
        : '';
      console.log(
        `${release.id}${mark} ${release.created}: ${Object.keys(release.storefronts).length} storefronts${rolled}`,
      );
    }
    return;
  }
  const to = option(args, 'to');
  const only = option(args, 'storefront');
  if (only !== undefined) {
    if (!to) throw new Error('--storefront wants --to <release id> (npm run site:rollback -- --list names them)');
    const result = await rollbackStorefronts({ releasesDir, to, locals: only.split(',') });
    console.log(
      `Serving ${result.storefronts.join(', ')} as ${to} did, the rest as before, in the new release ` +
        `${result.id} (${result.changedUrls} changed URLs; ${servedDir(releasesDir)}).`,
    );
    await afterServedChange({
      releasesDir,
      releaseId: result.id,
      locals: result.storefronts,
      reason: 'storefront rollback',
    });
    return;
  }
  const servedBefore = readManifest(servedDir(releasesDir))?.id ?? '';
  const served = rollback(releasesDir, to);
  console.log(`Serving ${served} again (${servedDir(releasesDir)}).`);
  await afterServedChange({
    releasesDir,
    releaseId: served,
    locals: storefrontsBetween(releasesDir, servedBefore, served),
    reason: 'rollback',
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const releasesDir = process.env['RELEASES_DIR'] || RELEASES_DIR;
  if (args.includes('--rollback')) return rollbackCommand(args, releasesDir);
  const builtOption = option(args, 'built');
  // A country names all its storefronts, as in REGIONS.
  const built = builtOption === undefined ? undefined : selectedStorefronts(builtOption).map((s) => s.urlLocal);
  const workDir = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--built') ?? 'public';
  if (built)
    console.log(
      `A site of ${built.length} storefronts; ${completePartialSite(workDir, releasesDir, built).length} ` +
        `in the published site.`,
    );
  const started = Date.now();
  const result = await publishRelease({
    workDir,
    releasesDir,
    built,
    ...(args.includes('--link') ? { mode: 'link' as const } : {}),
  });
  console.log(describePublish(result, Date.now() - started, workDir));
  await afterServedChange({ releasesDir, releaseId: result.id, locals: result.changedStorefronts, reason: 'publish' });
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
