import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecordedInputs, recordBuiltInputs, type BuildInputs } from './build-inputs';
import { publishRelease } from './publish';
import { CURRENT, PREVIOUS, pointLink, rollback, TRASH_PREFIX } from './release-links';
import { runBuild, runScript } from './run-build';

/** A release's version of a file: its tag, its path, and a body whose length differs between A and B. */
const content = (tag: string, file: string) => `${tag}:${file}:${tag.repeat(tag === 'A' ? 40_000 : 55_000)}`;
const PAGES = Array.from({ length: 120 }, (_, i) => `id/p/${i}/index.html`);
const FILES = ['id/index.html', 'de/index.html', '_routes.json', ...PAGES];

let dir: string;
let work: string;
let releases: string;

function writeBuild(tag: string, files = FILES): void {
  // In place, as Gatsby writes: the same inode is truncated and rewritten.
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.writeFileSync(path.join(work, file), content(tag, file));
  }
}

const served = (file: string) => fs.readFileSync(path.join(releases, CURRENT, file), 'utf8');
const linkTarget = (name: string) => fs.readlinkSync(path.join(releases, name));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-publish-'));
  work = path.join(dir, 'public');
  releases = path.join(dir, 'releases');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Reads in a loop on another thread, as server requests do: resolves the served link once per round, then
 * reads three files of that release; also reads one file through the link itself. Stops when told.
 */
const READER =
  `
const fs = require('fs');
const path = require('path');
const { workerData } = require('worker_threads');
const { link, files, stop } = workerData;
const content = ${content.toString()};
const tagOf = (file, text) => ['A', 'B'].find((tag) => text === content(tag, file)) ?? 'mixed';
const result = { rounds: 0, seen: { A: 0, B: 0 }, bad: [] };
let i = 0;
while (Atomics.load(stop, 0) === 0) {
  try {
    const release = fs.realpathSync(link);
    const round = [files[0], files[1 + (i % (files.length - 1))], files[files.length - 1 - (i % (files.length - 1))]];
    const tags = round.map((file) => tagOf(file, fs.readFileSync(path.join(release, file), 'utf8')));
    if (new Set(tags).size !== 1 || tags[0] === 'mixed') result.bad.push(round.join(',') + ' → ' + tags.join(','));
    else result.seen[tags[0]] += 1;
    const direct = files[i % files.length];
    if (tagOf(direct, fs.readFileSync(path.join(link, direct), 'utf8')) === 'mixed') ` +
  `result.bad.push(direct + ' half-written');
  } catch (error) {
    result.bad.push(String(error.code || error)); // missing: a file or the link itself
  }
  result.rounds += 1;
  i += 1;
}
require('worker_threads').parentPort.postMessage(result);
`;

describe('publishRelease: the served site is swapped in one step', () => {
  it('a reader hammering the served files while B is built and published reads wholly A or wholly B', async () => {
    writeBuild('A');
    await publishRelease({ workDir: work, releasesDir: releases });
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const reader = new Worker(READER, {
      eval: true,
      workerData: { link: path.join(releases, CURRENT), files: FILES, stop },
    });
    const report = new Promise<{ rounds: number; seen: { A: number; B: number }; bad: string[] }>((resolve, reject) => {
      reader.once('message', resolve);
      reader.once('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeBuild('B'); // the build rewrites public/ in place: the served release must not change
    expect(served('id/index.html')).toBe(content('A', 'id/index.html'));
    await publishRelease({ workDir: work, releasesDir: releases });
    await new Promise((resolve) => setTimeout(resolve, 100));
    Atomics.store(stop, 0, 1);
    const result = await report;
    await reader.terminate();
    expect(result.bad).toEqual([]);
    expect(result.seen.A).toBeGreaterThan(0);
    expect(result.seen.B).toBeGreaterThan(0);
    expect(served('id/p/7/index.html')).toBe(content('B', 'id/p/7/index.html'));
  });

  it('shares unchanged storefronts, gives a changed one a new version, keeps two releases when told', async () => {
    writeBuild('A');
    const a = await publishRelease({ workDir: work, releasesDir: releases });
    expect(a).toMatchObject({
      files: FILES.length,
      copied: FILES.length,
      linked: 0,
      sharedStorefronts: 0,
      newStorefronts: 2,
    });
    expect(a.copiedBytes).toBe(FILES.reduce((sum, file) => sum + fs.statSync(path.join(work, file)).size, 0));
    writeBuild('B', ['id/index.html']);
    const b = await publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + 1000 });
    // id: a new version with 120 pages linked and its home page copied; de: the same version; _routes.json linked.
    expect(b).toMatchObject({
      files: FILES.length,
      copied: 1,
      linked: FILES.length - 2,
      sharedStorefronts: 1,
      newStorefronts: 1,
    });
    const version = (release: string, code: string) => fs.readlinkSync(path.join(releases, release, code));
    expect(version(b.id, 'de')).toBe(version(a.id, 'de'));
    expect(version(b.id, 'id')).not.toBe(version(a.id, 'id'));
    const inode = (release: string, file: string) => fs.statSync(path.join(releases, release, file)).ino;
    expect(inode(b.id, 'id/p/3/index.html')).toBe(inode(a.id, 'id/p/3/index.html'));
    expect(inode(b.id, 'id/index.html')).not.toBe(inode(a.id, 'id/index.html'));
    // Not a link to public/: the next build's in-place writes cannot reach a release.
    expect(inode(b.id, 'de/index.html')).not.toBe(fs.statSync(path.join(work, 'de/index.html')).ino);
    // Gatsby's bundles and page-data are not part of the site.
    fs.mkdirSync(path.join(work, 'page-data'));
    fs.writeFileSync(path.join(work, 'page-data', 'app-data.json'), '{}');
    fs.writeFileSync(path.join(work, 'app-1234.js'), '');
    writeBuild('A', ['de/index.html']); // rewritten with the same bytes, as Gatsby does with pages it did not change
    const c = await publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + 2000, keep: 2 });
    expect(c).toMatchObject({ files: FILES.length, copied: 0, linked: 1, sharedStorefronts: 2, newStorefronts: 0 });
    expect(fs.existsSync(path.join(releases, c.id, 'page-data'))).toBe(false);
    expect(fs.existsSync(path.join(releases, c.id, 'app-1234.js'))).toBe(false);
    expect(c.removedReleases).toEqual([a.id]);
    // The old release, and the version of id only it used, were renamed out of the way at once and are deleted in the
    // background.
    expect(
      fs
        .readdirSync(releases)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual([b.id, c.id, CURRENT, PREVIOUS].sort());
    const all = [b.id, c.id, CURRENT, PREVIOUS, '.storefronts'].sort();
    await expect.poll(() => fs.readdirSync(releases).sort(), { timeout: 5000 }).toEqual(all);
    expect(fs.readdirSync(path.join(releases, '.storefronts')).sort()).toEqual([`de.${a.id}`, `id.${b.id}`]);
    expect([linkTarget(CURRENT), linkTarget(PREVIOUS)]).toEqual([c.id, b.id]);
    expect(rollback(releases)).toBe(b.id);
    expect([linkTarget(CURRENT), linkTarget(PREVIOUS)]).toEqual([b.id, c.id]);
    // A storefront that lost a file gets a new version without it.
    fs.rmSync(path.join(work, 'id/p/9'), { recursive: true });
    const d = await publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + 3000 });
    expect(d).toMatchObject({ files: FILES.length - 1, copied: 0, sharedStorefronts: 1, newStorefronts: 1 });
    expect(fs.existsSync(path.join(releases, CURRENT, 'id/p/9/index.html'))).toBe(false);
    expect(served('id/p/8/index.html')).toBe(content('A', 'id/p/8/index.html'));
  });

  it('carries the storefronts a build left out over from the served release, with their sitemaps', async () => {
    const inputs = (codes: string[]): BuildInputs => ({
      codeFiles: {},
      sharedFiles: {},
      storefronts: Object.fromEntries(
        codes.map((code) => [
          code,
          {
            code: 'k',
            shared: 's',
            own: {
              'region and site settings': 'r',
              'header/footer': 'h',
              catalogue: 'c',
              'UI strings': 'u',
              'content copy': 'o',
            },
          },
        ]),
      ),
    });
    writeBuild('A', [...FILES, 'id/sitemap.xml']);
    recordBuiltInputs(inputs(['id', 'de']), ['id', 'de'], work);
    const a = await publishRelease({ workDir: work, releasesDir: releases });
    // A build of de alone: Gatsby deleted id's pages from public/; the sitemap it wrote for id is the same.
    fs.rmSync(path.join(work, 'id/p'), { recursive: true });
    fs.rmSync(path.join(work, 'id/index.html'));
    writeBuild('B', ['de/index.html']);
    writeBuild('A', ['id/sitemap.xml']);
    recordBuiltInputs(inputs(['id', 'de']), ['de'], work);
    const b = await publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + 1000 });
    expect(b).toMatchObject({ sharedStorefronts: 1, newStorefronts: 1, copied: 2 }); // de/index.html and the record
    expect(fs.readlinkSync(path.join(releases, b.id, 'id'))).toBe(fs.readlinkSync(path.join(releases, a.id, 'id')));
    expect(served('id/p/3/index.html')).toBe(content('A', 'id/p/3/index.html'));
    expect(served('de/index.html')).toBe(content('B', 'de/index.html'));
    // A new product in de joins id's hreflang clusters: id's sitemap changed, so id gets a version with it.
    writeBuild('C', ['id/sitemap.xml']);
    const c = await publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + 2000 });
    expect(c).toMatchObject({ files: FILES.length + 2, sharedStorefronts: 1, newStorefronts: 1, copied: 1 });
    expect(served('id/sitemap.xml')).toBe(content('C', 'id/sitemap.xml'));
    expect(served('id/p/3/index.html')).toBe(content('A', 'id/p/3/index.html'));
    expect(fs.statSync(path.join(releases, c.id, 'id/p/3/index.html')).ino).toBe(
      fs.statSync(path.join(releases, b.id, 'id/p/3/index.html')).ino,
    );
  });

  it('links the files of a release made before storefront versions into the first versioned one', async () => {
    writeBuild('A');
    const old = path.join(releases, 'r-20250101T000000000Z-old1');
    const files: Record<string, string> = {};
    for (const file of FILES) {
      fs.mkdirSync(path.dirname(path.join(old, file)), { recursive: true });
      fs.copyFileSync(path.join(work, file), path.join(old, file));
      const stat = fs.statSync(path.join(work, file), { bigint: true });
      files[file] = `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
    }
    fs.writeFileSync(
      path.join(old, '.release.json'),
      JSON.stringify({ id: 'r-20250101T000000000Z-old1', created: '', files, retained: {} }),
    );
    pointLink(releases, CURRENT, path.basename(old));
    const next = await publishRelease({ workDir: work, releasesDir: releases });
    expect(next).toMatchObject({ files: FILES.length, copied: 0, linked: FILES.length, newStorefronts: 2 });
    expect(fs.statSync(path.join(releases, CURRENT, 'id/p/5/index.html')).ino).toBe(
      fs.statSync(path.join(old, 'id/p/5/index.html')).ino,
    );
  });

  it('runs publishes one at a time: three started together finish; served and previous releases exist', async () => {
    writeBuild('A');
    await publishRelease({ workDir: work, releasesDir: releases });
    const all = await Promise.all(
      [1, 2, 3].map((i) => publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + i * 1000 })),
    );
    expect(new Set(all.map((r) => r.id)).size).toBe(3);
    for (const name of [CURRENT, PREVIOUS])
      expect(fs.existsSync(path.join(releases, linkTarget(name), 'id/index.html'))).toBe(true);
    expect(served('id/index.html')).toBe(content('A', 'id/index.html'));
    expect(fs.existsSync(path.join(releases, '.publish.lock'))).toBe(false);
    // A lock left by a process that is gone does not block the next publish; one held by a live process does block a
    // rollback.
    fs.writeFileSync(path.join(releases, '.publish.lock'), '999999999');
    await publishRelease({ workDir: work, releasesDir: releases, now: Date.now() + 9000 });
    fs.writeFileSync(path.join(releases, '.publish.lock'), String(process.pid));
    expect(() => rollback(releases)).toThrow(/is running/);
  });

  it('keeps hashed islands a build no longer writes for one more release, then for the retention time', async () => {
    const island = (name: string) => path.join(work, '_widgets', name);
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    writeBuild('A');
    fs.mkdirSync(path.join(work, '_widgets'));
    fs.writeFileSync(island('runtime.aaaa1111.js'), 'a');
    fs.writeFileSync(island('runtime.aaaa1111.js.br'), 'a');
    await publishRelease({ workDir: work, releasesDir: releases, now });
    // A cold build: public/ holds only the new islands, and a page was dropped.
    fs.rmSync(path.join(work, '_widgets'), { recursive: true });
    fs.rmSync(path.join(work, 'id/p/0'), { recursive: true });
    fs.mkdirSync(path.join(work, '_widgets'));
    fs.writeFileSync(island('runtime.bbbb2222.js'), 'b');
    const b = await publishRelease({ workDir: work, releasesDir: releases, now: now + day, retainMs: 7 * day });
    expect(b.retained).toBe(2);
    expect(fs.readdirSync(path.join(releases, CURRENT, '_widgets')).sort()).toEqual([
      'runtime.aaaa1111.js',
      'runtime.aaaa1111.js.br',
      'runtime.bbbb2222.js',
    ]);
    expect(fs.existsSync(path.join(releases, CURRENT, 'id/p/0/index.html'))).toBe(false);
    fs.rmSync(island('runtime.bbbb2222.js'));
    fs.writeFileSync(island('runtime.cccc3333.js'), 'c');
    // Eight days after A's islands left the build they go; B's, built for the previous release, stay.
    await publishRelease({ workDir: work, releasesDir: releases, now: now + 8 * day, retainMs: 7 * day });
    expect(fs.readdirSync(path.join(releases, CURRENT, '_widgets')).sort()).toEqual([
      'runtime.bbbb2222.js',
      'runtime.cccc3333.js',
    ]);
  });

  it('replaces an empty folder where the link belongs, and refuses to replace one with files', () => {
    fs.mkdirSync(path.join(releases, 'r-1'), { recursive: true });
    fs.mkdirSync(path.join(releases, CURRENT));
    pointLink(releases, CURRENT, 'r-1');
    expect(linkTarget(CURRENT)).toBe('r-1');
    fs.mkdirSync(path.join(releases, PREVIOUS));
    fs.writeFileSync(path.join(releases, PREVIOUS, 'index.html'), '');
    expect(() => pointLink(releases, PREVIOUS, 'r-1')).toThrow(/is a folder, not a link/);
  });
});

describe('runBuild: a failed build', () => {
  const inputs: BuildInputs = {
    codeFiles: {},
    sharedFiles: {},
    storefronts: {
      id: {
        code: 'k',
        shared: 's',
        own: {
          'region and site settings': 'r',
          'header/footer': 'h',
          catalogue: 'c',
          'UI strings': 'u',
          'content copy': 'o',
        },
      },
    },
  };

  it('leaves the served release untouched and has the storefront rebuilt next time', async () => {
    writeBuild('A', [...FILES, 'de/sitemap.xml']);
    recordBuiltInputs(inputs, ['id', 'de'], work);
    const a = await publishRelease({ workDir: work, releasesDir: releases });
    const run = (script: string) => {
      if (script !== 'build:sites') return;
      fs.writeFileSync(path.join(work, 'id/index.html'), 'B:id/index.html:BB'); // half-written when Gatsby fails
      throw new Error('npm run build:sites failed (exit 1)');
    };
    await expect(runBuild(['id'], { widgets: false, workDir: work, releasesDir: releases, run })).rejects.toThrow(
      /build:sites failed/,
    );
    expect(linkTarget(CURRENT)).toBe(a.id);
    expect(
      fs
        .readdirSync(releases)
        .filter((name) => !name.startsWith('.trash-'))
        .sort(),
    ).toEqual([a.id, CURRENT, '.storefronts'].sort());
    // The storefronts the build left out were moved out of the work folder (they are online in the release).
    expect(fs.readdirSync(path.join(work, 'de'))).toEqual(['sitemap.xml']); // written again by every build
    expect(served('de/index.html')).toBe(content('A', 'de/index.html'));
    expect(served('id/index.html')).toBe(content('A', 'id/index.html'));
    expect(readRecordedInputs(work)?.unfinished).toEqual(['id']);
    // Gatsby did not save its state, which still lists de's pages as written: the next build starts it cold.
    expect(readRecordedInputs(work)?.movedOut).toEqual(['de']);
    fs.mkdirSync(path.join(dir, '.cache'));
    await runBuild(['id'], { widgets: false, workDir: work, releasesDir: releases, run: () => undefined });
    expect(fs.existsSync(path.join(dir, '.cache'))).toBe(false);
    expect(readRecordedInputs(work)?.movedOut).toBeUndefined();
    expect(served('de/index.html')).toBe(content('A', 'de/index.html'));
  });
});

describe('runBuild: the storefronts it leaves out', () => {
  /** The files of the folders moved to the releases folder's trash. */
  const trashed = () =>
    fs
      .readdirSync(releases)
      .filter((name) => name.startsWith(TRASH_PREFIX))
      .flatMap((name) =>
        fs
          .readdirSync(path.join(releases, name), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name),
      );

  it('are deleted after the build, not while it runs', async () => {
    writeBuild('A', [...FILES, 'de/sitemap.xml']);
    await publishRelease({ workDir: work, releasesDir: releases });
    let duringBuild: string[] = [];
    const run = (script: string) => {
      if (script === 'build:sites') duringBuild = trashed();
    };
    await runBuild(['id'], { widgets: false, workDir: work, releasesDir: releases, run });
    expect(duringBuild).toEqual(['index.html']); // de's page, moved out; its sitemap stays in the work folder
    await vi.waitFor(() => expect(trashed()).toEqual([]), { timeout: 10_000 });
  });

  it('are deleted when the build fails too', async () => {
    writeBuild('A', [...FILES, 'de/sitemap.xml']);
    await publishRelease({ workDir: work, releasesDir: releases });
    const run = (script: string) => {
      if (script === 'build:sites') throw new Error('npm run build:sites failed (exit 1)');
    };
    await expect(runBuild(['id'], { widgets: false, workDir: work, releasesDir: releases, run })).rejects.toThrow(
      /build:sites failed/,
    );
    await vi.waitFor(() => expect(trashed()).toEqual([]), { timeout: 10_000 });
  });
});

describe("runBuild: Gatsby's node store", () => {
  const store = () => path.join(dir, '.cache', 'data', 'datastore');
  const webpackCache = () => path.join(dir, '.cache', 'webpack', 'stage-build-html');
  const warmCache = () => {
    for (const folder of [store(), webpackCache()]) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(store(), 'data.mdb'), 'page nodes of every storefront built before');
  };

  it('is dropped when the build leaves out storefronts an earlier build wrote, and kept otherwise', async () => {
    writeBuild('A', [...FILES, 'de/sitemap.xml', 'page-data/de/page-data.json', 'page-data/id/page-data.json']);
    await publishRelease({ workDir: work, releasesDir: releases });
    warmCache();
    // de's pages were built before (its page data is there): Gatsby would delete its page nodes one by one.
    await runBuild(['id'], { widgets: false, workDir: work, releasesDir: releases, run: () => undefined });
    expect(fs.existsSync(store())).toBe(false);
    expect(fs.existsSync(webpackCache())).toBe(true);
    // The next one-country build finds only id's pages (and de's sitemap, which stays): nothing to forget.
    warmCache();
    await runBuild(['id'], { widgets: false, workDir: work, releasesDir: releases, run: () => undefined });
    expect(fs.existsSync(path.join(store(), 'data.mdb'))).toBe(true);
  });
});

describe('runScript', () => {
  it("runs a script once more after Gatsby's known transient failure, and not after any other failure", async () => {
    const bin = path.join(dir, 'bin');
    const count = path.join(dir, 'count');
    fs.mkdirSync(bin);
    const fakeNpm = (body: string) =>
      fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho x >> "${count}"\n${body}\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    // On standard output, where Gatsby's reporter prints it.
    fakeNpm(
      `[ "$(wc -l < "${count}")" -gt 1 ] && exit 0\necho "Error: Couldn't find temp query result for ` +
        `\\"/de/x/\\"."\nexit 1`,
    );
    await runScript('build:sites', env);
    expect(fs.readFileSync(count, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
    fs.rmSync(count);
    fakeNpm('echo "ERROR #11321 products.json: must be number" >&2\nexit 1');
    await expect(runScript('build:sites', env)).rejects.toThrow(/npm run build:sites failed \(exit 1\)/);
    expect(fs.readFileSync(count, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });
});
