// Each Gatsby step lives in its own file, named after it (gatsby-node.js loads this file through tsx).
export { createSchemaCustomization, onCreateNode } from './source-snapshots';
export { createPages } from './create-pages';
export { onPostBuild } from './on-post-build';
export { onCreateWebpackConfig } from './webpack-config';
