/**
 * Everything a page's <head> says to crawlers: title, description, canonical, hreflang, Open Graph and JSON-LD.
 * Computed here once so templates only render it.
 */
import type { Storefront } from '../../region-config';
import type { Breadcrumb, SeoContext, StorefrontContext } from '../../src/page-context';
import type { ProductView } from '../../src/template-data';
import { absoluteUrl } from './site-url';

export interface SeoInput {
  storefront: StorefrontContext;
  /** The storefronts of the same country (every language variant), default language first. */
  variants: readonly Storefront[];
  /** Path below the storefront prefix, with slashes: '/', '/product/x/'. */
  relativePath: string;
  title: string;
  description: string;
  breadcrumbs: Breadcrumb[];
  noindex?: boolean;
  /** Another page of the storefront holds the same content: point the canonical there. */
  canonicalRelativePath?: string;
  image?: string;
  imageAlt?: string;
  ogType?: SeoContext['ogType'];
  jsonLd?: object[];
}

const logoPath = '/images/brand/logo.svg';

/** '<page> | Mi Store <country>', or the site name alone on the home page. */
export function pageTitle(title: string, storefront: StorefrontContext, isHome: boolean): string {
  return isHome ? `${storefront.siteName} | ${title}` : `${title} | ${storefront.siteName}`;
}

export function organizationJsonLd(storefront: StorefrontContext): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: storefront.siteName,
    url: absoluteUrl(storefront.home),
    logo: absoluteUrl(logoPath),
  };
}

export function breadcrumbJsonLd(breadcrumbs: Breadcrumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
  };
}

/**
 * The schema.org Product of a product page: its offers in the storefront's currency and, when it has reviews, their
 * AggregateRating (search engines refuse a rating without reviews, so none is written then).
 */
export function productJsonLd(product: ProductView, storefront: StorefrontContext, url: string, rating?: { count: number; average: number }): object {
  const offers = product.commodities
    .filter((c) => c.salePrice !== null)
    .map((c) => ({
      '@type': 'Offer',
      sku: c.commodityId,
      name: `${product.name} ${c.firstSpecValue} ${c.secondSpecValue}`,
      price: c.salePrice,
      priceCurrency: storefront.priceDisplay.currency,
      availability: c.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: product.refurbished ? 'https://schema.org/RefurbishedCondition' : 'https://schema.org/NewCondition',
      url,
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.tagline,
    image: absoluteUrl(product.image),
    sku: product.commodities[0]?.commodityId,
    brand: { '@type': 'Brand', name: product.name.split(' ')[0] },
    category: product.category,
    ...(offers.length > 0 ? { offers } : {}),
    ...(rating && rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

export function faqPageJsonLd(items: { question: string; answer: string[] }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer.join('\n\n') } })),
  };
}

export function buildSeo(input: SeoInput): SeoContext {
  const { storefront, variants, relativePath } = input;
  const canonicalPath = `${storefront.home.slice(0, -1)}${input.canonicalRelativePath ?? relativePath}`;
  const alternates = variants.map((variant) => ({ hreflang: variant.lang, href: absoluteUrl(`/${variant.urlLocal}${relativePath}`) }));
  const fallback = variants[0];
  if (fallback) alternates.push({ hreflang: 'x-default', href: absoluteUrl(`/${fallback.urlLocal}${relativePath}`) });
  const jsonLd = [organizationJsonLd(storefront), ...(input.breadcrumbs.length > 1 ? [breadcrumbJsonLd(input.breadcrumbs)] : []), ...(input.jsonLd ?? [])];
  return {
    title: pageTitle(input.title, storefront, relativePath === '/'),
    description: input.description,
    canonical: absoluteUrl(canonicalPath),
    alternates: input.noindex ? [] : alternates,
    imageUrl: absoluteUrl(input.image ?? logoPath),
    imageAlt: input.imageAlt ?? storefront.siteName,
    ogType: input.ogType ?? 'website',
    noindex: input.noindex ?? false,
    jsonLd,
  };
}
