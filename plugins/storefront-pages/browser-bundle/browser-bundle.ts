import path from 'node:path';
import type { CreateWebpackConfigArgs } from 'gatsby';

/** The page templates, as webpack resolves them. */
export const TEMPLATE_MODULE = /[\\/]src[\\/]templates[\\/][^\\/]+\.tsx$/;
export const EMPTY_TEMPLATE = path.join(__dirname, 'empty-template.tsx');

/**
 * Gatsby builds a browser bundle of every template (webpack, Babel, Terser) for its client runtime. Our pages never
 * load it: render/gatsby-runtime.ts drops that runtime from every page, and the islands are built on their own
 * (widgets/build). The bundle must still exist, since the HTML step reads its chunk map, so the browser build
 * gets an empty component in place of each template and is not minified: about 10 s of CPU in a cold build, spent
 * beside the HTML renderer's build, which is what pages need.
 */
export function browserBundleConfig({
  stage,
  actions,
  plugins,
}: Pick<CreateWebpackConfigArgs, 'stage' | 'actions' | 'plugins'>): void {
  if (stage !== 'build-javascript') return;
  actions.setWebpackConfig({
    plugins: [plugins.normalModuleReplacement(TEMPLATE_MODULE, EMPTY_TEMPLATE)],
    optimization: { minimize: false },
  });
}
