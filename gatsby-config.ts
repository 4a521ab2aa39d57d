import path from 'path';
import type { GatsbyConfig } from 'gatsby';
import { storefronts } from './region-config';
import { siteUrl } from './plugins/storefront-pages/site-url';

/** Every translation catalogue a storefront uses; gatsby-plugin-react-i18next needs the full list. */
const languages = [...new Set(storefronts.map((storefront) => storefront.i18n))];

const config: GatsbyConfig = {
  siteMetadata: { siteUrl, title: 'Mi Store' },
  trailingSlash: 'always',
  // Templates use the automatic JSX runtime (no `import React`), as the tests and the type checker do.
  jsxRuntime: 'automatic',
  // The React runtime is stripped from the pages after the build (plugins/storefront-pages/on-post-build.ts),
  // so nothing depends on client-side routing, prefetching or the service worker of Gatsby.
  graphqlTypegen: false,
  flags: {},
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'snapshots', path: path.resolve('content/snapshots') },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: path.resolve('content/locales') },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        verbose: false,
        languages,
        defaultLanguage: 'en',
        generateDefaultLanguagePage: false,
        redirect: false,
        siteUrl,
        trailingSlash: 'always',
        i18nextOptions: {
          // Catalogue keys are flat ("footer.subscribe.title"), so dots and colons are not separators.
          keySeparator: false,
          nsSeparator: false,
          fallbackLng: 'en',
          interpolation: { escapeValue: false },
        },
      },
    },
    'storefront-pages',
  ],
};

export default config;
