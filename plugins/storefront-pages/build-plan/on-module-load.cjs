// For the preloads into `gatsby build` (parcel-snapshot-scope.cjs, no-slice-stitching.cjs): runs `patch` on a
// module's exports when Gatsby or one of its dependencies first requires it, without preloading it into every
// process. CommonJS on purpose: it runs before tsx is registered.
const Module = require('node:module');

function onModuleLoad(matches, patch) {
  const load = Module._load;
  Module._load = function loadAndPatch(request, ...rest) {
    const exported = load.call(this, request, ...rest);
    if (matches(request)) patch(exported);
    return exported;
  };
}

module.exports = { onModuleLoad };
