import type { GatsbyNode } from 'gatsby';
import { browserBundleConfig } from './browser-bundle/browser-bundle';
import { rendererWebpackConfig } from './render/renderer-bundle';

/**
 * Gatsby takes one onCreateWebpackConfig per plugin: the browser bundle's changes, then the HTML renderer's.
 * One parameter only: Gatsby waits for the callback of an API function that declares a third.
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = (args) => {
  browserBundleConfig(args);
  rendererWebpackConfig(args);
};
