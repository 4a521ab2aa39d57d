// Preloaded into `gatsby build` (package.json build:sites, NODE_OPTIONS=--require). Gatsby compiles gatsby-config.ts
// and gatsby-node.ts with Parcel, and Parcel ends every compile by writing a snapshot of the whole project folder
// for its next warm start (@parcel/watcher walks every entry; Parcel skips only its cache, .git and .hg, and Gatsby
// offers no option). Here that walk met releases/ and public/: 240,000+ entries after a few publishes, 5–25 s of a
// one-country rebuild. Those folders (and the other build outputs and node_modules, which the compile never bundles:
// includeNodeModules is false) are neither inputs nor outputs of the compile, so leaving them out of the snapshot
// loses nothing, even for a warm start that reads it. (.cache stays: it holds the compile's output.)
// CommonJS on purpose: it runs before tsx is registered, in every Gatsby process.
const Module = require('module');
const path = require('path');

/** Folders that hold build outputs, data or dependencies, never a source or an output of the compile. */
const NOT_SOURCES = ['node_modules', 'public', 'releases', '.data', '.lighthouseci', 'test-results', 'playwright-report', 'widgets/dist', 'widgets/dist-service-worker'];

function narrowSnapshot(watcher) {
  if (watcher.writeSnapshot.narrowed) return;
  const writeSnapshot = watcher.writeSnapshot;
  const narrowed = (dir, snapshot, opts = {}) => {
    const ignore = [...(opts.ignore ?? []), ...NOT_SOURCES.map((folder) => path.join(dir, folder))];
    return writeSnapshot.call(watcher, dir, snapshot, { ...opts, ignore });
  };
  narrowed.narrowed = true;
  watcher.writeSnapshot = narrowed;
}

// Patched when Parcel first loads the watcher (only the compile's worker does), not preloaded into every process.
const load = Module._load;
Module._load = function loadNarrowingParcelSnapshots(request, ...rest) {
  const exported = load.call(this, request, ...rest);
  if (request === '@parcel/watcher') narrowSnapshot(exported);
  return exported;
};

module.exports = { NOT_SOURCES, narrowSnapshot };
