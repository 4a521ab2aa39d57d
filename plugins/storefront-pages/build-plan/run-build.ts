/**
 * Runs the two build steps (islands, then Gatsby for the chosen storefronts) in the work folder public/,
 * records what was built, and publishes public/ as a new release (publish.ts). A failing step stops before the
 * publish, so the server keeps serving the release it had. Gatsby runs with unshare-linked-files.cjs preloaded
 * (package.json build:sites): public/'s files are hard-linked into the releases, and it gives a linked file an
 * inode of its own before any write, so a rebuild never changes a published release.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { storefronts } from '../../../region-config';
import { buildInputs, readRecordedInputs, recordBuildStarted, recordBuiltInputs, recordMovedOut } from './build-inputs';
import { RELEASE_ENV, releaseFromEnv } from './build-release';
import { describePublish, publishRelease, type PublishResult } from './publish';
import { discard, newReleaseId, RELEASES_DIR, TRASH_PREFIX } from './release-links';
import { afterServedChange } from './served-change';
import { SITE_WIDE_FILES } from './storefront-versions';

export interface BuildOptions {
  /** Also rebuild the islands (skip it when widgets/ did not change and widgets/dist exists). */
  widgets: boolean;
  /** Where Gatsby writes (it only writes to public/; other values are for tests). */
  workDir?: string;
  releasesDir?: string;
  /** Runs one npm script, throwing when it fails (tests replace it). */
  run?: (script: string, env: NodeJS.ProcessEnv) => void | Promise<void>;
}

/**
 * A Gatsby failure that is not ours: on a fresh cache, writing page-data now and then fails with "Couldn't find
 * temp query result for …" because a query worker's result is not yet visible to the main process
 * (gatsbyjs/gatsby#35865; seen twice in our CI, and the same build then succeeded). Retried once.
 */
export const TRANSIENT_GATSBY_FAILURE = /Couldn't find temp query result/;

/**
 * Runs a command with its output shown as it comes and the last 64 KB of it kept, to tell failures apart. Both
 * streams: Gatsby's reporter prints its errors on standard output.
 */
function runKeepingOutput(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; exit: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    let output = '';
    const keep = (shown: NodeJS.WriteStream) => (chunk: Buffer) => {
      shown.write(chunk);
      output = (output + chunk.toString('utf8')).slice(-64 * 1024);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ ok: code === 0, exit: String(code ?? signal), output }));
  });
}

export async function runScript(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await runKeepingOutput('npm', ['run', script], env);
    if (result.ok) return;
    if (attempt === 1 && TRANSIENT_GATSBY_FAILURE.test(result.output)) {
      console.log(
        `npm run ${script} hit a known transient Gatsby failure (gatsbyjs/gatsby#35865): running it once more`,
      );
      continue;
    }
    throw new Error(`npm run ${script} failed (exit ${result.exit}); still serving the release published before`);
  }
}

/**
 * Drops Gatsby's node store (its LMDB datastore in .cache), for a build that leaves out storefronts an earlier
 * build wrote. Every page is a node there, and Gatsby deletes the nodes its sources did not touch one by one before
 * createPages runs: after a build of all storefronts, 57,309 page nodes, 6.1 s of the first one-country build
 * (1.1 s for de's own 984 afterwards). The store holds nothing else the build needs: our source plugin creates
 * the snapshot nodes again from content/ (the sourcing step took 1.9 s with the store and without it), createPage
 * creates the page nodes, and what decides which pages are rendered again (their page data and the renderer's
 * hash) is kept in Gatsby's saved state: only de's 172 pages that show a changed price were rendered again.
 */
function forgetPageNodes(workDir: string): void {
  fs.rmSync(path.join(path.dirname(path.resolve(workDir)), '.cache', 'data', 'datastore'), {
    recursive: true,
    force: true,
  });
}

/**
 * Before a build of some storefronts, moves the others' files out of the work folder: they are online in the
 * served release, which the publish carries them over from, and Gatsby would otherwise delete their pages one by
 * one (56,000 pages with their page-data and compressed siblings: over a minute). Renamed away at once, they
 * are deleted after the build (runBuild): deleted beside it, they took CPU from it, and on ext4 without a journal
 * each file the build creates in the minutes after a large deletion costs a scan past the inodes just freed
 * (tests/bench/set-aside.ts has the figures).
 */
function clearOtherStorefronts(urlLocals: string[], workDir: string, releasesDir: string): void {
  const building = new Set(urlLocals);
  const others = storefronts.map((s) => s.urlLocal).filter((code) => !building.has(code));
  const folders = others
    .flatMap((code) => [path.join(workDir, code), path.join(workDir, 'page-data', code)])
    .filter((folder) => fs.existsSync(folder));
  if (folders.length === 0) return;
  // Gatsby writes page data for every page it builds: theirs is there when Gatsby's state holds their pages.
  if (others.some((code) => fs.existsSync(path.join(workDir, 'page-data', code)))) forgetPageNodes(workDir);
  recordMovedOut(
    others.filter((code) => fs.existsSync(path.join(workDir, code))),
    workDir,
  );
  fs.mkdirSync(releasesDir, { recursive: true });
  const leftovers = fs.mkdtempSync(path.join(releasesDir, TRASH_PREFIX));
  try {
    folders.forEach((folder, i) => {
      const moved = path.join(leftovers, `${i}-${path.basename(folder)}`);
      fs.renameSync(folder, moved);
      // Their sitemaps stay: every build writes them again, and one left unchanged is not compressed again.
      for (const file of SITE_WIDE_FILES.filter((name) => fs.existsSync(path.join(moved, name)))) {
        fs.mkdirSync(folder, { recursive: true });
        fs.renameSync(path.join(moved, file), path.join(folder, file));
      }
    });
  } catch {
    // Another file system (EXDEV): delete them here instead.
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Builds the named storefronts (all of them when `urlLocals` is every storefront), then publishes. */
export async function runBuild(urlLocals: string[], options: BuildOptions): Promise<PublishResult> {
  const { workDir = 'public', releasesDir } = options;
  await buildStorefronts(urlLocals, options);
  const started = Date.now();
  const result = await publishRelease({ workDir, releasesDir });
  console.log(describePublish(result, Date.now() - started, workDir));
  await afterServedChange({
    releasesDir: releasesDir ?? RELEASES_DIR,
    releaseId: result.id,
    locals: result.changedStorefronts,
    reason: 'publish',
  });
  return result;
}

/**
 * Builds the named storefronts into the work folder and records their inputs, without publishing: the release
 * console publishes later, now or at a set time (server/releases/).
 */
export async function buildStorefronts(urlLocals: string[], options: BuildOptions): Promise<void> {
  const { workDir = 'public', releasesDir, run = runScript } = options;
  const all = urlLocals.length === storefronts.length;
  const env = { ...process.env };
  if (all) delete env.REGIONS;
  else env.REGIONS = urlLocals.join(',');
  // The release the pages are rendered for; the shards of one CI build are given theirs.
  const release = releaseFromEnv(env) || newReleaseId();
  env[RELEASE_ENV] = release;
  if (readRecordedInputs(workDir)?.movedOut?.length) {
    // A build that moved storefronts out did not finish: Gatsby's saved state may list their pages as written.
    console.log(
      'The last build did not finish after moving storefronts out of public/: starting Gatsby without its cache.',
    );
    fs.rmSync(path.join(path.dirname(path.resolve(workDir)), '.cache'), { recursive: true, force: true });
  }
  recordBuildStarted(urlLocals, workDir);
  const trashDir = releasesDir ?? RELEASES_DIR; // where clearOtherStorefronts moves the others' files
  if (!all) clearOtherStorefronts(urlLocals, workDir, trashDir);
  try {
    if (options.widgets || !fs.existsSync('widgets/dist/manifest.json')) await run('build:widgets', env);
    // Gatsby compiles gatsby-config.ts and gatsby-node.ts with Parcel, whose warm start compares a snapshot of the
    // whole project folder, public/ and releases/ included (hundreds of thousands of files): 15–25 s, where
    // compiling the two small files afresh takes 7 s. So every build starts Parcel without its cache.
    fs.rmSync('.cache/.parcel-cache', { recursive: true, force: true });
    await run('build:sites', env);
  } catch (error) {
    discard(trashDir, []); // the publish deletes them otherwise
    throw error;
  }
  recordBuiltInputs(buildInputs(), urlLocals, workDir, release);
}
