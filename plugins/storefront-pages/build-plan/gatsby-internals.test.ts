import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * The preloads of `gatsby build` (package.json build:sites) patch functions inside Gatsby and Parcel that are no
 * public API. package.json pins those packages to exact versions; this test is what an upgrade meets first: it
 * names the package, the file and the function that is gone, so the preload is fixed (or dropped) before a build
 * silently stops being fast or safe.
 */
interface Hook {
  /** The package whose internals the preload relies on. */
  pkg: string;
  /** The file inside the package, as `require` resolves it from the package. */
  file: string;
  /** The function (or call) that must still be there. */
  what: string;
  /** The preload that relies on it. */
  preload: string;
  /** The preload replaces functions on this file's exports (so the test loads it). */
  preloadPatchesExports?: boolean;
  /** True while the internal is there as the preload expects it. */
  holds(source: string, exported: Record<string, unknown>): boolean;
}

const hooks: Hook[] = [
  {
    pkg: 'gatsby',
    file: 'dist/utils/slices/stitching.js',
    what: 'the exported function stitchSliceForAPage, replaced on its exports object',
    preload: 'no-slice-stitching.cjs',
    preloadPatchesExports: true,
    holds: (source, exported) =>
      typeof exported.stitchSliceForAPage === 'function' &&
      Object.getOwnPropertyDescriptor(exported, 'stitchSliceForAPage')?.writable === true &&
      source.includes('exports.stitchSliceForAPage = stitchSliceForAPage'),
  },
  {
    pkg: 'gatsby',
    file: 'dist/commands/build-html.js',
    what:
      'stitchSlicesIntoPagesHTML requiring "../utils/slices/stitching" and calling ' +
      '_stitching.stitchSliceForAPage at call time',
    preload: 'no-slice-stitching.cjs',
    holds: (source) =>
      source.includes('require("../utils/slices/stitching")') &&
      source.includes('(0, _stitching.stitchSliceForAPage)('),
  },
  {
    pkg: '@parcel/watcher',
    file: 'index.js',
    what: 'the exported functions writeSnapshot and getEventsSince, replaced on its exports object',
    preload: 'parcel-snapshot-scope.cjs',
    preloadPatchesExports: true,
    holds: (_source, exported) =>
      ['writeSnapshot', 'getEventsSince'].every(
        (name) =>
          typeof exported[name] === 'function' && Object.getOwnPropertyDescriptor(exported, name)?.writable === true,
      ),
  },
  {
    pkg: '@parcel/fs',
    file: 'lib/index.js',
    what:
      'NodeFS requiring "@parcel/watcher" by that exact name and calling its writeSnapshot and ' +
      'getEventsSince at call time',
    preload: 'parcel-snapshot-scope.cjs',
    holds: (source) =>
      source.includes('require("@parcel/watcher")') &&
      /\$parcelwatcher\)\)\)\.writeSnapshot\(dir, snapshot, opts\)/.test(source) &&
      /\$parcelwatcher\)\)\)\.getEventsSince\(dir, snapshot, opts\)/.test(source),
  },
  {
    pkg: '@parcel/core',
    file: 'lib/RequestTracker.js',
    what:
      'the cache snapshot written by inputFS.writeSnapshot and compared by inputFS.getEventsSince over the ' +
      'project root',
    preload: 'parcel-snapshot-scope.cjs',
    holds: (source) =>
      source.includes('inputFS.writeSnapshot(this.options.projectRoot') &&
      source.includes('inputFS.getEventsSince(options.projectRoot'),
  },
];

/** Resolves a package's file the way Gatsby's own dependencies do (@parcel/core and @parcel/fs sit under gatsby). */
function resolveInside(pkg: string, file: string): string {
  if (pkg === 'gatsby') return require.resolve(`gatsby/${file}`);
  return createRequire(require.resolve('gatsby/package.json')).resolve(`${pkg}/${file}`);
}

describe('the Gatsby and Parcel internals the build preloads patch', () => {
  for (const hook of hooks) {
    it(`${hook.pkg} ${hook.file}: ${hook.what}`, () => {
      let resolved = '';
      try {
        resolved = resolveInside(hook.pkg, hook.file);
      } catch {
        expect.fail(
          `${hook.pkg}: the file ${hook.file} is gone, yet plugins/storefront-pages/build-plan/` +
            `${hook.preload} relies on ${hook.what}. Update or drop that preload, then the pinned version in ` +
            `package.json.`,
        );
      }
      const source = fs.readFileSync(resolved, 'utf8');
      // Only the two modules the preloads patch are loaded; the others are read as text (loading them pulls in a lot).
      const exported = hook.preloadPatchesExports ? (require(resolved) as Record<string, unknown>) : {};
      expect(
        hook.holds(source, exported),
        `${hook.pkg} ${hook.file}: ${hook.what} is no longer there, so ` +
          `plugins/storefront-pages/build-plan/${hook.preload} patches nothing. Update or drop that preload, ` +
          `then the pinned version in package.json.`,
      ).toBe(true);
    });
  }

  it('Node module loading: Module._load, wrapped by on-module-load.cjs to patch a module Gatsby first requires', () => {
    const Module = require('node:module') as { _load?: unknown };
    expect(
      typeof Module._load,
      'node: Module._load is gone, so plugins/storefront-pages/build-plan/on-module-load.cjs patches nothing',
    ).toBe('function');
  });

  it('the versions in node_modules are the ones package.json pins', () => {
    const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
      overrides: Record<string, string>;
    };
    const installed = (pkg: string) =>
      (JSON.parse(fs.readFileSync(resolveInside(pkg, 'package.json'), 'utf8')) as { version: string }).version;
    expect(
      installed('gatsby'),
      'gatsby: the installed version is not the one package.json pins (run npm install)',
    ).toBe(manifest.dependencies.gatsby);
    expect(
      installed('@parcel/watcher'),
      '@parcel/watcher: the installed version is not the one package.json overrides pin (run npm install)',
    ).toBe(manifest.overrides['@parcel/watcher']);
  });
});
