import path from 'node:path';
import type { GatsbyConfig } from 'gatsby';
import { gatsbyCpuCount } from './plugins/storefront-pages/build-plan/render-workers';
import { siteUrl } from './plugins/storefront-pages/site-url';

// Read by Gatsby when it makes its worker pool, which is after it loads this file.
process.env['GATSBY_CPU_COUNT'] = gatsbyCpuCount();

const config: GatsbyConfig = {
  siteMetadata: { siteUrl, title: 'Mi Store' },
  trailingSlash: 'always',
  // Templates use the automatic JSX runtime (no `import React`), as the tests and the type checker do.
  jsxRuntime: 'automatic',
  // The renderer drops Gatsby's React runtime from every page (plugins/storefront-pages/render), so nothing
  // depends on client-side routing, prefetching or the service worker of Gatsby. UI strings are resolved by the
  // build (createPages reads content/locales), so no i18n plugin and no page query: page-data stays small.
  graphqlTypegen: false,
  flags: {},
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'snapshots', path: path.resolve('content/snapshots') },
    },
    'storefront-pages',
  ],
};

export default config;
