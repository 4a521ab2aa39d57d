import os from 'os';
import path from 'path';
import type { GatsbyConfig } from 'gatsby';
import { siteUrl } from './plugins/storefront-pages/site-url';

// Gatsby renders HTML in (CPU count - 1) workers, so on a 2-core machine one worker renders all 57,000 pages while
// the main process waits. Rendering is nearly all of a cold build: one worker per core. Read before Gatsby makes
// its worker pool (after this file); a value the release manager sets wins.
process.env['GATSBY_CPU_COUNT'] ??= String(os.cpus().length + 1);

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
