import fs from 'fs';
import path from 'path';
import { injectWidgets, type WidgetManifest } from './inject-widgets';
import { stripGatsbyRuntime } from './strip-gatsby-runtime';

/** Every .html file below `dir`. */
export function htmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export interface HtmlStats {
  files: number;
  withWidgets: number;
}

/** Removes the Gatsby runtime from the pages of one storefront and adds the islands runtime where needed. */
export function processStorefrontHtml(dir: string, manifest: WidgetManifest | undefined): HtmlStats {
  const stats: HtmlStats = { files: 0, withWidgets: 0 };
  for (const file of htmlFiles(dir)) {
    const original = fs.readFileSync(file, 'utf8');
    // Gatsby's slice stitching can leave NUL bytes between multi-byte characters (gatsbyjs/gatsby#37989);
    // the characters around them are intact, so removing the NULs restores the text.
    let html = stripGatsbyRuntime(original.replace(/\u0000/g, '')).replace(/<meta name="generator"[^>]*>/, '');
    if (manifest) {
      const withRuntime = injectWidgets(html, manifest);
      if (withRuntime !== html) stats.withWidgets += 1;
      html = withRuntime;
    }
    if (html !== original) fs.writeFileSync(file, html);
    stats.files += 1;
  }
  return stats;
}
