// Preloaded into `gatsby build` (package.json build:sites, NODE_OPTIONS=--require). Gatsby compiles gatsby-config.ts
// and gatsby-node.ts with Parcel, and Parcel ends every compile by writing a snapshot of the whole project folder
// for its next warm start (@parcel/watcher walks every entry; Parcel skips only its cache, .git and .hg, and Gatsby
// offers no option). Here that walk met releases/ and public/: 240,000+ entries after a few publishes, 5–25 s of a
// one-country rebuild. Those folders (and the other build outputs and node_modules, which the compile never bundles:
// includeNodeModules is false) are neither inputs nor outputs of the compile, so leaving them out of the snapshot
// loses nothing, even for a warm start that reads it. (.cache stays: it holds the compile's output.)
// CommonJS on purpose: it runs before tsx is registered, in every Gatsby process.
const path = require('node:path');
const { onModuleLoad } = require('./on-module-load.cjs');

/** Folders that hold build outputs, data or dependencies, never a source or an output of the compile. */
const NOT_SOURCES = [
  'node_modules',
  'public',
  'releases',
  '.data',
  '.lighthouseci',
  'test-results',
  'playwright-report',
  'widgets/dist',
  'widgets/dist-service-worker',
];

/**
 * Both ends of the snapshot leave those folders out: the walk that writes it, and the walk that compares the project
 * with it on the next start (left whole, it reported every file under them as created, since the snapshot has none).
 */
function narrowSnapshot(watcher) {
  for (const method of ['writeSnapshot', 'getEventsSince']) {
    const original = watcher[method];
    if (original.narrowed) continue;
    const narrowed = (dir, snapshot, opts = {}) => {
      const ignore = [...(opts.ignore ?? []), ...NOT_SOURCES.map((folder) => path.join(dir, folder))];
      return original.call(watcher, dir, snapshot, { ...opts, ignore });
    };
    narrowed.narrowed = true;
    watcher[method] = narrowed;
  }
}

// Patched when Parcel first loads the watcher (only the compile's worker does), not preloaded into every process.
onModuleLoad((request) => request === '@parcel/watcher', narrowSnapshot);

module.exports = { NOT_SOURCES, narrowSnapshot };
