import fs from 'node:fs';

declare const __non_webpack_require__: NodeJS.Require | undefined;

/**
 * The file system as the HTML renderer reads it. Gatsby wraps `fs` in its SSR bundle and, on any use, stops
 * re-rendering only the pages whose data changed ("unsafe builtin usage"), because it cannot know what a
 * read file does to a page. Here it can: each PageRef carries the hash of its recorded context, so Gatsby's
 * page-data diff already sees every change, and the unwrapped `fs` keeps incremental HTML on.
 */
export const renderFs: typeof fs =
  typeof __non_webpack_require__ === 'function' ? (__non_webpack_require__('fs') as typeof fs) : fs;
