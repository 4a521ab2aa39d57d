/**
 * The site's CSS, inlined into each page by the build (no render-blocking request, no web fonts). Gatsby used to
 * inline every stylesheet into every page; a page now carries only the sheets its kind shows: app webview pages
 * (45 % of all pages) have no site header or footer, and the header's panels are styled by the panels file.
 * Minified once per build by createPages (lightningcss), read back by the HTML workers.
 */
import fs from 'fs';
import path from 'path';
import { renderFs } from './render-fs';

/** src/styles, in cascade order, for each kind of document the build writes. */
export const STYLE_SETS = {
  web: ['base', 'header', 'footer', 'components', 'pages', 'widgets'],
  app: ['base', 'components', 'pages', 'widgets'],
  'header-panels': ['header-panels'],
} as const;
export type StyleSet = keyof typeof STYLE_SETS;

const stylesDir = (): string => path.resolve('src/styles');
const stylesFile = (): string => path.resolve('.cache/storefront-pages/render/styles.json');

/** Minifies each set of src/styles and records them for the HTML workers. */
export function writePageStyles(): Record<StyleSet, string> {
  // Required here, in the build's main process: the HTML workers' webpack bundle only reads the result.
  const { transform } = require('lightningcss') as typeof import('lightningcss');
  const sets = {} as Record<StyleSet, string>;
  for (const [set, sheets] of Object.entries(STYLE_SETS) as [StyleSet, readonly string[]][]) {
    const css = sheets.map((sheet) => fs.readFileSync(path.join(stylesDir(), `${sheet}.css`), 'utf8')).join('\n');
    sets[set] = transform({ filename: `${set}.css`, code: Buffer.from(css), minify: true }).code.toString();
  }
  fs.mkdirSync(path.dirname(stylesFile()), { recursive: true });
  fs.writeFileSync(stylesFile(), JSON.stringify(sets));
  return sets;
}

let recorded: Record<StyleSet, string> | undefined;

/** The minified CSS of a set, as createPages recorded it for this build. */
export function pageStyles(set: StyleSet): string {
  recorded ??= JSON.parse(renderFs.readFileSync(stylesFile(), 'utf8')) as Record<StyleSet, string>;
  return recorded[set];
}
