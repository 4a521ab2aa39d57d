import { absoluteUrl } from '../site-url';

export interface SitemapEntry {
  path: string; // '/id/product/x/'
  alternates: { hreflang: string; href: string }[];
}

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The XML sitemap of one storefront, with its hreflang alternates (Google's xhtml:link form). */
export function storefrontSitemap(entries: SitemapEntry[], lastmod: string): string {
  const urls = entries.map((entry) => {
    const links = entry.alternates
      .map((alt) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`)
      .join('');
    return `<url><loc>${escapeXml(absoluteUrl(entry.path))}</loc><lastmod>${lastmod}</lastmod>${links}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap index listing every storefront sitemap present in public/ (also those built by earlier runs). */
export function sitemapIndex(urlLocals: string[], lastmod: string): string {
  const items = urlLocals.map((code) => `<sitemap><loc>${escapeXml(absoluteUrl(`/${code}/sitemap.xml`))}</loc><lastmod>${lastmod}</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: everything public is crawlable except the API and the personal/transactional areas. */
export function robotsTxt(urlLocals: string[]): string {
  const privateAreas = ['user', 'cart', 'checkout', 'checkout-again', 'buy/payment', 'buy/card-payment', 'app', 'ios', 'error'];
  const disallow = urlLocals.flatMap((code) => privateAreas.map((area) => `Disallow: /${code}/${area}/`));
  return ['User-agent: *', 'Disallow: /api/', ...disallow, '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n');
}
