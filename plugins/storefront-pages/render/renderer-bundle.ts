import path from 'node:path';
import type { CreateWebpackConfigArgs } from 'gatsby';

export const NO_HEAD_PARSER = path.join(__dirname, 'no-head-parser.ts');

/**
 * The HTML renderer's webpack bundle (Gatsby's build-html stage). Gatsby's server entry imports node-html-parser,
 * with `he`, css-select and their DOM helpers: about 300 KB of the 730 KB of sources the bundle was built from, all
 * put through Babel in every cold build and loaded by every render worker. Gatsby only calls it to parse the head a
 * template's Head export rendered. Our templates export none (render/render-page.tsx puts PageHead into the head
 * itself), so the bundle gets a stand-in that says so if it is ever called.
 */
export function rendererWebpackConfig({ stage, actions }: Pick<CreateWebpackConfigArgs, 'stage' | 'actions'>): void {
  if (stage !== 'build-html') return;
  actions.setWebpackConfig({ resolve: { alias: { 'node-html-parser': NO_HEAD_PARSER } } });
}
