// The site's build steps live in the local plugin plugins/storefront-pages (see gatsby-config.ts).
export {};
