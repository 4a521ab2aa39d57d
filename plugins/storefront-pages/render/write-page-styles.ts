/**
 * Minifies the site's CSS once per build, in createPages (the build's main process), for the HTML workers to read
 * (page-styles.ts). A file of its own so that the renderer's webpack bundle, which imports page-styles.ts, does not
 * take in lightningcss and its native-module lookup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { transform } from 'lightningcss';
import { STYLE_SETS, stylesDir, stylesFile, type StyleSet } from './page-styles';

/** Minifies each set of src/styles and records them for the HTML workers. */
export function writePageStyles(): Record<StyleSet, string> {
  const sets = {} as Record<StyleSet, string>;
  for (const [set, sheets] of Object.entries(STYLE_SETS) as [StyleSet, readonly string[]][]) {
    const css = sheets.map((sheet) => fs.readFileSync(path.join(stylesDir(), `${sheet}.css`), 'utf8')).join('\n');
    sets[set] = transform({ filename: `${set}.css`, code: Buffer.from(css), minify: true }).code.toString();
  }
  fs.mkdirSync(path.dirname(stylesFile()), { recursive: true });
  fs.writeFileSync(stylesFile(), JSON.stringify(sets));
  return sets;
}
