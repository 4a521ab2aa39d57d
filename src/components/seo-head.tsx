import type { PageContext } from '../page-context';
import { serializeJsonLd } from './json-ld';

/** Open Graph wants `id_ID`, BCP 47 says `id-ID`. */
export function ogLocale(lang: string): string {
  return lang.replace('-', '_');
}

/** Brand colour for the browser chrome; the same value as --color-brand in src/styles/base.css. */
export const THEME_COLOR = '#ff6900';

export interface SeoHeadProps {
  pageContext: Pick<PageContext, 'storefront' | 'seo'>;
}

/** The `<html>` element's attributes: the storefront's language and writing direction. */
export function htmlAttributes(storefront: PageContext['storefront']): {
  lang: string;
  dir: PageContext['storefront']['dir'];
} {
  return { lang: storefront.lang, dir: storefront.dir };
}

/**
 * The document head of every page (render/render-page.tsx puts it in; htmlAttributes goes on `<html>`). Everything
 * comes from pageContext.seo, computed once by
 * the build, so titles, descriptions and URLs are unique and consistent with the sitemaps. hreflang is not
 * here: the clusters across all storefronts are in the XML sitemaps. Charset and viewport come from Gatsby's
 * default html.js, so they are not repeated here.
 */
export function SeoHead({ pageContext }: SeoHeadProps) {
  const { storefront, seo } = pageContext;
  return (
    <>
      <meta name="theme-color" content={THEME_COLOR} />
      <title>{seo.title}</title>
      <meta name="description" content={seo.description} />
      {/* A noindex page names no canonical: a canonical target is always an indexable page. */}
      {seo.noindex ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={seo.canonical} />}
      <meta property="og:title" content={seo.title} />
      <meta property="og:description" content={seo.description} />
      <meta property="og:url" content={seo.canonical} />
      <meta property="og:image" content={seo.imageUrl} />
      <meta property="og:image:alt" content={seo.imageAlt} />
      <meta property="og:type" content={seo.ogType} />
      <meta property="og:locale" content={ogLocale(storefront.lang)} />
      <meta property="og:site_name" content={storefront.siteName} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={seo.title} />
      <meta name="twitter:description" content={seo.description} />
      <meta name="twitter:image" content={seo.imageUrl} />
      <meta name="twitter:image:alt" content={seo.imageAlt} />
      {seo.jsonLd.map((object, index) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes `<` (no early script end)
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(object) }} />
      ))}
    </>
  );
}
