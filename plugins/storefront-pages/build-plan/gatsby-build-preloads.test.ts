import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('the Parcel snapshot preloaded into gatsby build', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('walks the sources and the compile output, leaving out the build outputs and dependencies', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-scope-'));
    const files = [
      'gatsby-config.ts',
      'plugins/site/gatsby-node.js',
      '.cache/compiled/gatsby-config.js',
      'public/id/index.html',
      'releases/r-1/id/index.html',
      'node_modules/x/index.js',
    ];
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), 'x');
    }
    // The preload patches the watcher when it is first loaded, as in Gatsby's compile worker.
    require('./parcel-snapshot-scope.cjs');
    const watcher = require('@parcel/watcher') as {
      writeSnapshot(dir: string, snapshot: string, opts: { ignore: string[] }): Promise<void>;
      getEventsSince(
        dir: string,
        snapshot: string,
        opts: { ignore: string[] },
      ): Promise<{ type: string; path: string }[]>;
    };
    const snapshot = path.join(dir, 'snapshot.txt');
    await watcher.writeSnapshot(dir, snapshot, { ignore: [path.join(dir, '.git')] });

    const walked = fs.readFileSync(snapshot, 'latin1');
    for (const kept of ['gatsby-config.ts', 'plugins/site/gatsby-node.js', '.cache/compiled/gatsby-config.js'])
      expect(walked).toContain(path.join(dir, kept));
    for (const left of ['public', 'releases', 'node_modules']) expect(walked).not.toContain(path.join(dir, left));

    // The next start compares the project with that snapshot: only sources may show up as changed.
    for (const file of ['releases/r-2/id/index.html', 'public/de/index.html', 'src/new.ts']) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), 'x');
    }
    const events = await watcher.getEventsSince(dir, snapshot, { ignore: [path.join(dir, '.git')] });
    expect(
      events
        .map((event) => path.relative(dir, event.path))
        .filter((file) => file !== 'snapshot.txt')
        .sort(),
    ).toEqual(['src', 'src/new.ts']);
  });
});

describe("Gatsby's slice stitching, preloaded away", () => {
  it('leaves a written page alone (pages hold no slices: render/render-page.tsx refuses one)', async () => {
    require('./no-slice-stitching.cjs');
    const stitching = require('gatsby/dist/utils/slices/stitching') as {
      stitchSliceForAPage(args: { pagePath: string; publicDir: string }): Promise<void>;
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitch-'));
    try {
      const page = path.join(dir, 'p', 'index.html');
      fs.mkdirSync(path.dirname(page), { recursive: true });
      // Unpatched, Gatsby would read the missing slice file and fail.
      fs.writeFileSync(page, '<slice-start id="s"></slice-start><slice-end id="s"></slice-end>');
      await stitching.stitchSliceForAPage({ pagePath: '/p/', publicDir: dir });
      expect(fs.readFileSync(page, 'utf8')).toBe('<slice-start id="s"></slice-start><slice-end id="s"></slice-end>');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
