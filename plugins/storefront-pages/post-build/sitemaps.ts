import type { HreflangLink } from '../hreflang-clusters';
import { absoluteUrl } from '../site-url';

export interface SitemapEntry {
  path: string; // '/id/product/x/'
  /** The page's hreflang cluster, itself and the x-default included; empty for a page of one storefront only. */
  alternates: HreflangLink[];
}

/** The sitemaps protocol's limits for one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The XML sitemap of one storefront, with each page's hreflang cluster (Google's xhtml:link form). Throws past the
 * protocol's limits rather than write a file search engines would drop.
 */
export function storefrontSitemap(entries: SitemapEntry[], lastmod: string): string {
  if (entries.length > SITEMAP_MAX_URLS)
    throw new Error(`A storefront sitemap would list ${entries.length} URLs; the limit is ${SITEMAP_MAX_URLS}.`);
  const urls = entries.map((entry) => {
    const links = entry.alternates
      .map((alt) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`)
      .join('');
    return `<url><loc>${escapeXml(absoluteUrl(entry.path))}</loc><lastmod>${lastmod}</lastmod>${links}</url>`;
  });
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ` +
    `xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  if (Buffer.byteLength(xml) > SITEMAP_MAX_BYTES)
    throw new Error(
      `A storefront sitemap would be ${Buffer.byteLength(xml)} bytes; the limit is ${SITEMAP_MAX_BYTES}.`,
    );
  return xml;
}

/** The sitemap index listing every storefront sitemap present in public/ (also those built by earlier runs). */
export function sitemapIndex(urlLocals: string[], lastmod: string): string {
  const items = urlLocals.map(
    (code) =>
      `<sitemap><loc>${escapeXml(absoluteUrl(`/${code}/sitemap.xml`))}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex ` +
    `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
  );
}

/**
 * Personal and transactional areas of every storefront, as path patterns below any prefix ('/*' is the storefront).
 * Their pages are noindex too; robots.txt only saves crawl budget. The app webviews are for the apps alone.
 */
export const privateAreas = [
  'app',
  'ios',
  'user',
  'cart',
  'checkout',
  'checkout-again',
  'buy/payment',
  'buy/card-payment',
  'error',
] as const;

/** robots.txt: the API and the private areas of all storefronts by pattern, and the sitemap index. */
export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    ...privateAreas.map((area) => `Disallow: /*/${area}/`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
}
