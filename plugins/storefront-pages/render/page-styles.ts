/**
 * The site's CSS, inlined into each page by the build (no render-blocking request, no web fonts). Gatsby used to
 * inline every stylesheet into every page; a page now carries only the sheets its kind shows: app webview pages
 * (45 % of all pages) have no site header or footer, and the header's panels are styled by the panels file.
 * Minified once per build by createPages (write-page-styles.ts), read back here by the HTML workers.
 */
import path from 'node:path';
import { renderFs } from './render-fs';

/** src/styles, in cascade order, for each kind of document the build writes. */
export const STYLE_SETS = {
  web: ['base', 'header', 'footer', 'components', 'pages', 'widgets'],
  app: ['base', 'components', 'pages', 'widgets'],
  'header-panels': ['header-panels'],
} as const;
export type StyleSet = keyof typeof STYLE_SETS;

export const stylesDir = (): string => path.resolve('src/styles');
export const stylesFile = (): string => path.resolve('.cache/storefront-pages/render/styles.json');

let recorded: Record<StyleSet, string> | undefined;

/** The minified CSS of a set, as createPages recorded it for this build. */
export function pageStyles(set: StyleSet): string {
  recorded ??= JSON.parse(renderFs.readFileSync(stylesFile(), 'utf8')) as Record<StyleSet, string>;
  return recorded[set];
}
