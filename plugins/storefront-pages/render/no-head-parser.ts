/**
 * Stands in for node-html-parser in the HTML renderer's bundle (renderer-bundle.ts). Gatsby calls it only for a
 * template that exports a Head, and ours export none.
 */
export function parse(): never {
  throw new Error(
    'A template exports Head: storefront pages get their head from render/render-page.tsx (PageHead), and ' +
      "the renderer's bundle leaves out Gatsby's head parser (render/renderer-bundle.ts)",
  );
}
