/**
 * Everything a page's <head> says to crawlers: title, description, canonical, robots, Open Graph and JSON-LD.
 * Computed here once so templates only render it. hreflang is not in the HTML: the clusters span all storefronts
 * and live in the XML sitemaps (hreflang-clusters.ts).
 */
import type { Breadcrumb, SeoContext, StorefrontContext } from '../../src/page-context';
import type { ProductView } from '../../src/template-data';
import { sharedImage } from '../../sites/image-renditions';
import { absoluteUrl } from './site-url';

export interface SeoInput {
  storefront: StorefrontContext;
  /** Path below the storefront prefix, with slashes: '/', '/product/x/'. */
  relativePath: string;
  title: string;
  description: string;
  /**
   * A sentence in the storefront's language that completes a description too short for search results, e.g.
   * 'Mi Store Deutschland: offizieller Shop …'. Without it a short description stays as it is.
   */
  descriptionFiller?: string;
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

/** Search engines show about 160 characters and treat much less than 50 as a thin description. */
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

/**
 * A meta description of 50–160 characters: a short one gets `filler` after it, a long one is cut at a word
 * boundary with an ellipsis. Characters are counted as code points, so Thai or Arabic text is not cut mid-letter.
 * @example metaDescription('Your cart.', 'Mi Store UK: the official store …') // 'Your cart. Mi Store UK: the official
 * store …'
 */
export function metaDescription(text: string, filler = ''): string {
  let description = text.replace(/\s+/g, ' ').trim();
  if ([...description].length < DESCRIPTION_MIN && filler)
    description = description ? `${description} ${filler.trim()}` : filler.trim();
  const chars = [...description];
  if (chars.length <= DESCRIPTION_MAX) return description;
  const head = chars.slice(0, DESCRIPTION_MAX - 1).join('');
  const cut = head.lastIndexOf(' ');
  return `${(cut > DESCRIPTION_MIN ? head.slice(0, cut) : head).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * Sentences joined with one space, each ended by a full stop unless it already ends in punctuation (also 。！？).
 * @example joinSentences('Xiaomi 15T: Leica. Made for every moment.', 'A phone') // 'Xiaomi 15T: … moment. A phone.'
 */
export function joinSentences(...parts: string[]): string {
  return (
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      // Chinese and Japanese end a sentence with the ideographic full stop.
      .map((part) =>
        /[.!?。！？؟।]$/.test(part) ? part : `${part}${/[\u3040-\u30ff\u4e00-\u9fff]$/.test(part) ? '。' : '.'}`,
      )
      .join(' ')
  );
}

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
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/**
 * The schema.org Product of a product page: its offers in the storefront's currency and, when it has reviews, their
 * AggregateRating (search engines refuse a rating without reviews, so none is written then).
 */
export function productJsonLd(
  product: ProductView,
  storefront: StorefrontContext,
  url: string,
  rating?: { count: number; average: number },
): object {
  const offers = product.commodities
    .filter((c) => c.salePrice !== null)
    .map((c) => ({
      '@type': 'Offer',
      sku: c.commodityId,
      name: `${product.name} ${c.firstSpecValue} ${c.secondSpecValue}`,
      price: c.salePrice,
      priceCurrency: storefront.priceDisplay.currency,
      availability: c.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: product.refurbished
        ? 'https://schema.org/RefurbishedCondition'
        : 'https://schema.org/NewCondition',
      url,
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.tagline,
    image: absoluteUrl(sharedImage(product.image)),
    sku: product.commodities[0]?.commodityId,
    brand: { '@type': 'Brand', name: product.name.split(' ')[0] },
    category: product.category,
    ...(offers.length > 0 ? { offers } : {}),
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function faqPageJsonLd(items: { question: string; answer: string[] }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer.join('\n\n') },
    })),
  };
}

export function buildSeo(input: SeoInput): SeoContext {
  const { storefront, relativePath } = input;
  const canonicalPath = `${storefront.home.slice(0, -1)}${input.canonicalRelativePath ?? relativePath}`;
  const jsonLd = [
    organizationJsonLd(storefront),
    ...(input.breadcrumbs.length > 1 ? [breadcrumbJsonLd(input.breadcrumbs)] : []),
    ...(input.jsonLd ?? []),
  ];
  return {
    title: pageTitle(input.title, storefront, relativePath === '/'),
    description: metaDescription(input.description, input.descriptionFiller),
    canonical: absoluteUrl(canonicalPath),
    imageUrl: absoluteUrl(sharedImage(input.image ?? logoPath)),
    imageAlt: input.imageAlt ?? storefront.siteName,
    ogType: input.ogType ?? 'website',
    noindex: input.noindex ?? false,
    jsonLd,
  };
}
