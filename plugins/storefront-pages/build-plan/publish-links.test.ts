import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordBuiltInputs } from './build-inputs';
import { completePartialSite } from './partial-site';
import { CHANGED_URLS, readChangedUrls, urlsOf } from './changed-urls';
import { listReleases, publishRelease, rollbackStorefronts } from './publish';
import { CURRENT, PREVIOUS, releaseIds, releasesKept, rollback } from './release-links';

const require = createRequire(import.meta.url);
const GUARD = require.resolve('./unshare-linked-files.cjs');
const { unshareLinkedFiles } = require(GUARD) as { unshareLinkedFiles: (dir: string) => string };

const PAGES = Array.from({ length: 30 }, (_, i) => `id/p/${i}/index.html`);
const FILES = [
  'id/index.html',
  'id/index.html.br',
  'de/index.html',
  'de/p/1/index.html',
  'de/.offers.json',
  '_routes.json',
  'index.html',
  '_widgets/runtime.aaaa1111.js',
  ...PAGES,
];

let dir: string;
let work: string;
let releases: string;

const read = (file: string) => fs.readFileSync(file, 'utf8');
const served = (file: string) => read(path.join(releases, CURRENT, file));
const inode = (file: string) => fs.statSync(file).ino;
const linkTarget = (name: string) => fs.readlinkSync(path.join(releases, name));
/** The storefront version a release links to for `code`. */
const version = (release: string, code: string) => fs.readlinkSync(path.join(releases, release, code));

/** Writes build files in place, as Gatsby does (same inode, truncated), through this process's guard. */
function writeBuild(tag: string, files = FILES): void {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.writeFileSync(path.join(work, file), `${tag}:${file}`);
  }
}

/** Distinct inodes of every file below the given folders: what the disk holds once, however many links. */
function distinctInodes(...folders: string[]): number {
  const inodes = new Set<number>();
  for (const folder of folders) {
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) inodes.add(fs.statSync(path.join(entry.parentPath, entry.name)).ino);
    }
  }
  return inodes.size;
}

const publish = (extra: Partial<Parameters<typeof publishRelease>[0]> = {}, step = 0) =>
  publishRelease({ workDir: work, releasesDir: releases, mode: 'link', now: Date.now() + step * 1000, ...extra });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-links-'));
  work = path.join(dir, 'public');
  releases = path.join(dir, 'releases');
  unshareLinkedFiles(work); // as the preload does in every Gatsby process
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * How Gatsby and our post-build steps write files of public/, run in a process of its own (as `gatsby build` is)
 * with or without the preload: fs-extra's outputFile (Gatsby's HTML render), writeFileSync (writeIfChanged, image
 * renditions, icons, _routes.json), copyFileSync onto an existing file (Gatsby's static/ copy), promises.writeFile,
 * a write stream, an append, a read-write open, and writeFileSync in a worker thread (the compression workers).
 */
function rewriteInAnotherProcess(preload: boolean): void {
  const script = path.join(dir, 'writers.cjs');
  fs.writeFileSync(
    script,
    `
const fs = require('fs');
const path = require('path');
const { Worker } = require('worker_threads');
const fse = require(${JSON.stringify(require.resolve('fs-extra'))});
const work = process.env.BUILD_WORK_DIR;
const at = (file) => path.join(work, file);
(async () => {
  await fse.outputFile(at('id/p/0/index.html'), 'B:outputFile');
  fs.writeFileSync(at('id/p/1/index.html'), 'B:writeFileSync');
  fs.writeFileSync(path.join(work, '..', 'static-copy'), 'B:copyFile');
  fs.copyFileSync(path.join(work, '..', 'static-copy'), at('id/p/2/index.html'));
  await fs.promises.writeFile(at('id/p/3/index.html'), 'B:promises');
  await new Promise((resolve) => fs.createWriteStream(at('id/p/4/index.html')).end('B:stream', resolve));
  fs.appendFileSync(at('id/p/5/index.html'), '+B:append');
  const fd = fs.openSync(at('id/p/6/index.html'), 'r+');
  fs.writeSync(fd, 'B', 0);
  fs.closeSync(fd);
  await new Promise((resolve, reject) => {
    const worker = new Worker("require('fs').writeFileSync(require('worker_threads').workerData, ` +
      `'B:worker')", { eval: true, workerData: at('id/p/7/index.html') });
    worker.once('exit', resolve);
    worker.once('error', reject);
  });
})();
`,
  );
  const args = preload ? ['--require', GUARD, script] : [script];
  const run = spawnSync(process.execPath, args, { env: { ...process.env, BUILD_WORK_DIR: work }, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

const REWRITTEN = Array.from({ length: 8 }, (_, i) => `id/p/${i}/index.html`);

describe('publishRelease in link mode: the site is on disk once', () => {
  it('links the build files into the release (same inode as public/); a changed file adds only itself', async () => {
    writeBuild('A');
    const a = await publish();
    expect(a).toMatchObject({
      files: FILES.length,
      copied: 0,
      copiedBytes: 0,
      linkedFromBuild: FILES.length,
      newStorefronts: 2,
    });
    for (const file of FILES) {
      expect(inode(path.join(releases, a.id, file))).toBe(inode(path.join(work, file)));
      expect(fs.statSync(path.join(work, file)).nlink).toBe(2);
    }
    const before = distinctInodes(work, releases);
    expect(before).toBe(FILES.length + 2); // the two release manifests

    // One page of de changes: the rebuild writes it (through the guard), the publish links it.
    writeBuild('B', ['de/p/1/index.html']);
    const b = await publish({}, 1);
    expect(b).toMatchObject({
      linkedFromBuild: 1,
      copied: 0,
      sharedStorefronts: 1,
      newStorefronts: 1,
      changedStorefronts: ['de'],
    });
    expect(distinctInodes(work, releases)).toBe(before + 1 + 2); // the new page, and b's two manifests
    expect(read(path.join(releases, a.id, 'de/p/1/index.html'))).toBe('A:de/p/1/index.html');
    expect(served('de/p/1/index.html')).toBe('B:de/p/1/index.html');
    expect(inode(path.join(releases, b.id, 'de/index.html'))).toBe(inode(path.join(releases, a.id, 'de/index.html')));
    expect(version(b.id, 'id')).toBe(version(a.id, 'id'));

    // A full rebuild that writes every page again with the same bytes: the work folder's new files become links
    // to the release's, so nothing is held twice.
    writeBuild('A', PAGES);
    const c = await publish({}, 2);
    expect(c).toMatchObject({ linkedFromBuild: 0, copied: 0, sharedStorefronts: 2, changedUrls: 0 });
    expect(inode(path.join(work, 'id/p/4/index.html'))).toBe(inode(path.join(releases, a.id, 'id/p/4/index.html')));
    expect(distinctInodes(work, releases)).toBe(before + 1 + 4);
    // …and the next publish finds them untouched without reading them.
    const d = await publish({}, 3);
    expect(d).toMatchObject({ sharedStorefronts: 2, changedUrls: 0 });
  });

  it('a rebuild never changes a published release: Gatsby and the post-build steps unshare, then write', async () => {
    writeBuild('A');
    const a = await publish();
    rewriteInAnotherProcess(true);
    for (const file of REWRITTEN) {
      expect(read(path.join(releases, a.id, file))).toBe(`A:${file}`);
      expect(read(path.join(work, file))).not.toBe(`A:${file}`);
      expect(fs.statSync(path.join(work, file)).nlink).toBe(1);
    }
    expect(read(path.join(work, 'id/p/5/index.html'))).toBe('A:id/p/5/index.html+B:append');
    expect(read(path.join(work, 'id/p/6/index.html'))).toBe('B:id/p/6/index.html');
    const b = await publish({}, 1);
    expect(b).toMatchObject({ writtenInPlace: 0, linkedFromBuild: REWRITTEN.length });
    for (const file of REWRITTEN) expect(served(file)).toBe(read(path.join(work, file)));
    expect(read(path.join(releases, a.id, 'id/p/0/index.html'))).toBe('A:id/p/0/index.html');
  });

  it('without the preload the same writes change the published release, and the next publish says so', async () => {
    writeBuild('A');
    const a = await publish();
    rewriteInAnotherProcess(false);
    expect(read(path.join(releases, a.id, 'id/p/0/index.html'))).toBe('B:outputFile');
    const b = await publish({}, 1);
    expect(b.writtenInPlace).toBeGreaterThan(0);
  });

  it('after a release that copied the build, links public/ to the release files it did not rewrite', async () => {
    writeBuild('A');
    const copied = await publish({ mode: 'copy' });
    expect(distinctInodes(work, releases)).toBe(2 * FILES.length + 2);
    const linked = await publish({}, 1);
    expect(linked).toMatchObject({ sharedStorefronts: 2, copied: 0, changedUrls: 0 });
    expect(distinctInodes(work, releases)).toBe(FILES.length + 4);
    expect(inode(path.join(work, 'id/p/3/index.html'))).toBe(
      inode(path.join(releases, copied.id, 'id/p/3/index.html')),
    );
    writeBuild('B', ['id/p/3/index.html']);
    expect(read(path.join(releases, copied.id, 'id/p/3/index.html'))).toBe('A:id/p/3/index.html');
  });

  it('a process that loads the publisher writes public/ safely too (as a browser test editing and publishing)', () => {
    writeBuild('A', ['id/index.html']);
    fs.linkSync(path.join(work, 'id/index.html'), path.join(dir, 'published'));
    const script = path.join(dir, 'edit.ts');
    fs.writeFileSync(
      script,
      `import fs from 'fs';` +
        `\nimport ${JSON.stringify(path.resolve('plugins/storefront-pages/build-plan/publish.ts'))};\n` +
        `fs.appendFileSync('public/id/index.html', '+B');\n`,
    );
    const run = spawnSync(path.resolve('node_modules/.bin/tsx'), [script], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(read(path.join(dir, 'published'))).toBe('A:id/index.html');
    expect(read(path.join(work, 'id/index.html'))).toBe('A:id/index.html+B');
  });

  it('is preloaded into every gatsby build (package.json build:sites)', () => {
    const scripts = (JSON.parse(read(path.resolve('package.json'))) as { scripts: Record<string, string> }).scripts;
    expect(scripts['build:sites']).toContain(
      '--require ./plugins/storefront-pages/build-plan/unshare-linked-files.cjs',
    );
  });

  it('copies instead of linking from a folder nothing guards (the default for any folder but public/)', async () => {
    writeBuild('A');
    const a = await publishRelease({ workDir: work, releasesDir: releases });
    expect(a).toMatchObject({ linkedFromBuild: 0, copied: FILES.length });
    expect(inode(path.join(releases, a.id, 'id/index.html'))).not.toBe(inode(path.join(work, 'id/index.html')));
  });
});

describe('a CI site of some storefronts (--built)', () => {
  it('lists the served storefronts in its sitemap index and client routes; the publish carries them over', async () => {
    writeBuild('A');
    fs.writeFileSync(
      path.join(work, '_routes.json'),
      JSON.stringify([
        { pattern: '/id/user/message/:id', page: '/id/user/message/' },
        { pattern: '/de/user/message/:id', page: '/de/user/message/' },
      ]),
    );
    await publish();
    const site = path.join(dir, 'site');
    fs.mkdirSync(path.join(site, 'fr'), { recursive: true });
    fs.writeFileSync(path.join(site, 'fr/index.html'), 'F:fr/index.html');
    fs.writeFileSync(path.join(site, 'fr/sitemap.xml'), '<urlset/>');
    fs.writeFileSync(path.join(site, 'index.html'), 'F:chooser of fr alone');
    fs.writeFileSync(path.join(site, 'sitemap.xml.br'), 'stale');
    fs.writeFileSync(
      path.join(site, '_routes.json'),
      JSON.stringify([{ pattern: '/fr/user/message/:id', page: '/fr/user/message/' }]),
    );
    expect(completePartialSite(site, releases, ['fr'])).toEqual(['de', 'fr', 'id']);
    const index = read(path.join(site, 'sitemap.xml'));
    for (const code of ['de', 'fr', 'id']) expect(index).toContain(`/${code}/sitemap.xml`);
    expect(fs.existsSync(path.join(site, 'sitemap.xml.br'))).toBe(false);
    expect(
      (JSON.parse(read(path.join(site, '_routes.json'))) as { pattern: string }[]).map((route) => route.pattern).sort(),
    ).toEqual(['/de/user/message/:id', '/fr/user/message/:id', '/id/user/message/:id']);
    expect(read(path.join(site, 'index.html'))).toBe('A:index.html'); // us was not built: the served root page stays
    await publishRelease({ workDir: site, releasesDir: releases, built: ['fr'], mode: 'link', now: Date.now() + 1000 });
    expect(served('fr/index.html')).toBe('F:fr/index.html');
    expect(served('de/index.html')).toBe('A:de/index.html');
    expect(served('id/p/2/index.html')).toBe('A:id/p/2/index.html');
  });
});

describe('a build without us', () => {
  it('keeps the served root pages (en-US), which it would write from another storefront', async () => {
    writeBuild('A', [...FILES, '404.html', 'index.html.br']);
    await publish();
    writeBuild('B', ['de/index.html', 'index.html', 'index.html.br', '404.html']);
    recordBuiltInputs({ codeFiles: {}, sharedFiles: {}, storefronts: {} }, ['de'], work);
    const b = await publish({}, 1);
    expect(served('index.html')).toBe('A:index.html');
    expect(served('404.html')).toBe('A:404.html');
    expect(served('de/index.html')).toBe('B:de/index.html');
    expect(readChangedUrls(b.dir)?.urls).toEqual(['/de/', '/de/index.html']);
    recordBuiltInputs({ codeFiles: {}, sharedFiles: {}, storefronts: {} }, ['us', 'de'], work);
    await publish({}, 2);
    expect(served('index.html')).toBe('B:index.html');
  });
});

describe('.changed-urls.json', () => {
  it('lists the URLs whose files are new, changed or gone since the previous release, never a dotfile', async () => {
    writeBuild('A');
    const a = await publish();
    const first = readChangedUrls(path.join(releases, a.id))!;
    expect(first.previous).toBeNull();
    expect(first.urls).toContain('/id/p/3/');
    expect(first.urls).toContain('/id/p/3/index.html');
    expect(first.urls).toContain('/');
    expect(first.urls.some((url) => url.includes('offers'))).toBe(false);

    writeBuild('B', ['id/index.html.br', 'de/.offers.json', '_routes.json']);
    fs.rmSync(path.join(work, 'id/p/9'), { recursive: true });
    const b = await publish({}, 1);
    expect(readChangedUrls(path.join(releases, b.id))).toEqual({
      release: b.id,
      previous: a.id,
      urls: ['/_routes.json', '/id/', '/id/index.html', '/id/p/9/', '/id/p/9/index.html'],
    });
    // Served folders never hold it under a URL: the server does not serve dotfiles, and an upload leaves them out.
    expect(fs.existsSync(path.join(releases, CURRENT, CHANGED_URLS))).toBe(true);
    expect(urlsOf(['de/.offers.json', '.build-inputs.json', 'sitemap.xml.gz'])).toEqual(['/sitemap.xml']);
  });
});

describe('keeping releases', () => {
  it('keeps the newest N releases and deletes older ones with the versions only they used', async () => {
    writeBuild('A');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      writeBuild(`v${i}`, ['id/index.html']);
      ids.push((await publish({ keep: 3 }, i)).id);
    }
    expect(releaseIds(releases)).toEqual(ids.slice(-3));
    expect([linkTarget(CURRENT), linkTarget(PREVIOUS)]).toEqual([ids[4], ids[3]]);
    const versions = () => fs.readdirSync(path.join(releases, '.storefronts')).sort();
    await expect
      .poll(versions, { timeout: 5000 })
      .toEqual([`de.${ids[0]}`, ...ids.slice(-3).map((id) => `id.${id}`)].sort());
    // A rollback to the oldest kept release, then publishes: current and previous always stay.
    expect(rollback(releases, ids[2])).toBe(ids[2]);
    writeBuild('v5', ['id/index.html']);
    const next = await publish({ keep: 2 }, 9);
    // The newest two, and previous (rolled back to) wherever it is.
    expect(releaseIds(releases)).toEqual([ids[2], ids[4], next.id]);
    expect(linkTarget(PREVIOUS)).toBe(ids[2]);
  });

  it('reads the number from RELEASES_KEPT (default 10, at least 2)', () => {
    expect(releasesKept({})).toBe(10);
    expect(releasesKept({ RELEASES_KEPT: '4' })).toBe(4);
    expect(() => releasesKept({ RELEASES_KEPT: '1' })).toThrow(/at least 2/);
    expect(() => releasesKept({ RELEASES_KEPT: 'ten' })).toThrow(/at least 2/);
  });
});

describe('rollbackStorefronts', () => {
  it('serves named storefronts as an earlier release did, others as now, in one release with its origin', async () => {
    writeBuild('A');
    const a = await publish();
    // B: de changes and drops island A for island B; C: id changes.
    writeBuild('B', ['de/index.html', 'de/.offers.json']);
    fs.rmSync(path.join(work, '_widgets/runtime.aaaa1111.js'));
    writeBuild('B', ['_widgets/runtime.bbbb2222.js']);
    const b = await publish({ retainMs: 0 }, 1);
    writeBuild('C', ['id/index.html']);
    const c = await publish({ retainMs: 0 }, 2);
    expect(fs.existsSync(path.join(releases, c.id, '_widgets/runtime.aaaa1111.js'))).toBe(false);

    const rolled = await rollbackStorefronts({
      releasesDir: releases,
      to: a.id,
      locals: ['de'],
      now: Date.now() + 3000,
    });
    expect(rolled).toMatchObject({ from: c.id, to: a.id, storefronts: ['de'] });
    expect([linkTarget(CURRENT), linkTarget(PREVIOUS)]).toEqual([rolled.id, c.id]);
    expect(version(rolled.id, 'de')).toBe(version(a.id, 'de'));
    expect(version(rolled.id, 'id')).toBe(version(c.id, 'id'));
    expect(served('de/index.html')).toBe('A:de/index.html');
    expect(served('de/.offers.json')).toBe('A:de/.offers.json'); // the prices the rolled-back pages show
    expect(served('id/index.html')).toBe('C:id/index.html');
    // The island de's old pages load is back; the current ones stay.
    expect(served('_widgets/runtime.aaaa1111.js')).toBe('A:_widgets/runtime.aaaa1111.js');
    expect(served('_widgets/runtime.bbbb2222.js')).toBe('B:_widgets/runtime.bbbb2222.js');
    expect(inode(path.join(releases, rolled.id, '_routes.json'))).toBe(
      inode(path.join(releases, c.id, '_routes.json')),
    );
    expect(readChangedUrls(path.join(releases, rolled.id))?.urls).toEqual([
      '/_widgets/runtime.aaaa1111.js',
      '/de/',
      '/de/index.html',
    ]);

    const listed = listReleases(releases);
    expect(listed.map((r) => r.id)).toEqual([rolled.id, c.id, b.id, a.id]);
    expect(listed[0]).toMatchObject({
      current: true,
      rolledBack: { from: c.id, to: a.id, storefronts: ['de'] },
      storefronts: { de: version(a.id, 'de').split('/').pop(), id: version(c.id, 'id').split('/').pop() },
    });
    expect(listed[1]).toMatchObject({ previous: true });

    // The next build of id alone carries de over as served: rolled back.
    writeBuild('D', ['id/index.html']);
    recordBuiltInputs({ codeFiles: {}, sharedFiles: {}, storefronts: {} }, ['id'], work);
    await publish({}, 4);
    expect(served('de/index.html')).toBe('A:de/index.html');
    expect(served('id/index.html')).toBe('D:id/index.html');
  });

  it('refuses an unknown storefront, a release that does not serve it, and an unknown release', async () => {
    writeBuild('A');
    const a = await publish();
    await expect(rollbackStorefronts({ releasesDir: releases, to: a.id, locals: ['zz'] })).rejects.toThrow(
      /unknown storefront zz/,
    );
    await expect(rollbackStorefronts({ releasesDir: releases, to: a.id, locals: ['fr'] })).rejects.toThrow(
      /does not serve fr/,
    );
    await expect(
      rollbackStorefronts({ releasesDir: releases, to: 'r-20200101T000000000Z-none', locals: ['de'] }),
    ).rejects.toThrow(/no release/);
    expect(linkTarget(CURRENT)).toBe(a.id);
  });

  it('runs one at a time with publishes: started together, all finish and the served release is whole', async () => {
    writeBuild('A');
    const a = await publish();
    writeBuild('B', ['de/index.html']);
    const results = await Promise.all([
      publish({}, 1),
      rollbackStorefronts({ releasesDir: releases, to: a.id, locals: ['de'], now: Date.now() + 2000 }),
      publish({}, 3),
      rollbackStorefronts({ releasesDir: releases, to: a.id, locals: ['id'], now: Date.now() + 4000 }),
    ]);
    expect(new Set(results.map((r) => r.id)).size).toBe(4);
    expect(releaseIds(releases)).toHaveLength(5);
    for (const name of [CURRENT, PREVIOUS]) {
      for (const file of ['de/index.html', 'id/p/3/index.html', '_routes.json'])
        expect(fs.existsSync(path.join(releases, linkTarget(name), file))).toBe(true);
    }
    expect(fs.existsSync(path.join(releases, '.publish.lock'))).toBe(false);
  });
});
