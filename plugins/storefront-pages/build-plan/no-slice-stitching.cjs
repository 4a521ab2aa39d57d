// Preloaded into `gatsby build` (package.json build:sites, NODE_OPTIONS=--require). After rendering, Gatsby reads
// every page it rendered back from public/, on its main thread, to stitch Slice HTML into it ("stitching slices").
// Our pages hold no slice: the storefront's header and footer go in during the render (render/shell-html.tsx),
// onPreRenderHTML drops Gatsby's one built-in slice (`_gatsby-scripts`, render/gatsby-runtime.ts), and the render
// refuses a body that holds one (render/render-page.tsx). So that pass only re-read 57,000 pages, about 2.8 GB:
// 13.7 s of a cold build of all storefronts. Here it does nothing.
// CommonJS on purpose: it runs before tsx is registered, in every Gatsby process.
const { onModuleLoad } = require('./on-module-load.cjs');

function skipStitching(stitching) {
  if (typeof stitching.stitchSliceForAPage !== 'function' || stitching.stitchSliceForAPage.skipped) return;
  const skipped = async () => {};
  skipped.skipped = true;
  stitching.stitchSliceForAPage = skipped;
}

onModuleLoad((request) => request.endsWith('utils/slices/stitching'), skipStitching);

module.exports = { skipStitching };
