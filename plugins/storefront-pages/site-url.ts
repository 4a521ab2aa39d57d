/**
 * The public origin the static sites are served from, for canonical URLs, hreflang, Open Graph and sitemaps.
 * Release builds set SITE_URL to the CDN origin; the default matches `npm start`.
 */
export const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8000').replace(/\/+$/, '');

/** An absolute URL on the site for a path that starts with '/'. */
export function absoluteUrl(pathname: string): string {
  return `${siteUrl}${pathname}`;
}
