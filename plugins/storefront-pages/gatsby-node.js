// Gatsby compiles a TypeScript gatsby-node with Parcel, which took 16–20 s of every cold build for this plugin's
// ~270 KB of sources. tsx (esbuild, already the project's TypeScript runner) loads the same sources in about a
// second, so the plugin's Node APIs live in node-api.ts and this file only registers tsx and hands them over.
require('tsx/cjs/api').register();
module.exports = require('./node-api.ts');
