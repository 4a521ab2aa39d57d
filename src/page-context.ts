/**
 * What the build (plugins/storefront-pages) hands every template as `pageContext`, and what the header and
 * footer slices receive as slice context. Plain serialisable data: templates render it, they never fetch.
 * Owned jointly: plugins/ produces it, src/ consumes it; change both in one commit.
 */
import type { PriceDisplay } from '../region-config';

export type TemplateName =
  | 'content' // editable CMS pages (home, /smart-home, /p/{pathname}, /about, fixed support pages …)
  | 'legal' // the legal documents: terms of sale, privacy, cookies, returns and refunds, warranty
  | 'event' // /event/*, /poco, /store, /appdownload, /blog/*
  | 'support' // /support, support sub-areas, /support/search
  | 'faq' // /support/faq and /support/faq/{categoryNumber}/{index}
  | 'faq-detail' // /support/faq/details/{id}
  | 'article' // /support/article/{articleId}
  | 'product-list' // /product-list, /product-list/{catalogue}, /product-list/{catalogue}/{third}
  | 'search' // /search, /search/{key}, /business/search
  | 'compare' // /compare?ids=a,b (the compare island reads the choice from the URL)
  | 'stores' // /store/xiaomi-store/detail and /detail/{storeId}
  | 'spare-parts' // /support/spare-parts-price
  | 'flash-sale' // /flash-sale/{saleId}
  | 'sitemap'
  | 'select-location'
  | 'product' // /product/{id}, /product/{tag}/buy, /item/{commodityId}, /product/bundle/{itemId}
  | 'widget-page' // pages whose main content is an island (cart, checkout, user, payment, business account, …)
  | 'business' // /business, the static landing page of business buyers
  | 'error'
  | 'not-found'
  | 'offline' // /offline, what the service worker shows when a page cannot be reached
  | 'share-landing'; // /static/toshare

/** The storefront facts every template and slice needs; one per urlLocal. */
export interface StorefrontContext {
  urlLocal: string;
  local: string;
  lang: string; // BCP 47, e.g. 'id-ID'
  i18n: string; // translation catalogue code
  dir: 'ltr' | 'rtl';
  siteName: string;
  countryName: string;
  isToC: boolean;
  priceDisplay: PriceDisplay;
  cookiePolicyLevel: 'low' | 'high';
  navigationVersion: 'v0' | 'v1' | 'v2';
  hasPoco: boolean;
  api: string; // e.g. '/api/id'
  home: string; // e.g. '/id/'
}

export type AppMode = 'web' | 'app' | 'ios';

export interface Breadcrumb {
  name: string;
  path: string;
}

/** Everything <head> needs, computed once by the build so that every page's title and description are unique. */
export interface SeoContext {
  title: string;
  description: string;
  /** Absolute URL of the page search engines should index; written as rel=canonical only when not noindex. */
  canonical: string;
  imageUrl: string; // absolute URL
  imageAlt: string;
  ogType: 'website' | 'product' | 'article';
  noindex: boolean;
  jsonLd: object[]; // Organization, Product/Offer, BreadcrumbList, FAQPage …
}

export interface PageContext<Data = unknown> {
  template: TemplateName;
  routeId: string; // the route-table entry, e.g. 'product', 'cart'
  pagePath: string; // '/id/product/redmi-note-14-pro/' (Gatsby reserves `path` in page context)
  app: AppMode; // 'app' and 'ios' pages have no site header/footer and set the app flags
  storefront: StorefrontContext;
  breadcrumbs: Breadcrumb[];
  seo: SeoContext;
  data: Data; // template specific, see src/templates/*
}

/**
 * What Gatsby keeps per page (its page context, so page-data.json): a reference to the full PageContext the
 * build stores per storefront, and that context's hash (with the shell's), so Gatsby re-renders a page exactly
 * when something it shows changed. Pages do not hydrate, so page-data needs nothing more.
 */
export interface PageRef {
  pagePath: string;
  urlLocal: string;
  hash: string;
}

/** One entry of the language/site switcher and of /select-location. */
export interface SiteLink {
  local: string;
  urlLocal: string;
  lang: string;
  name: string; // localTitle, e.g. 'Indonesia', 'Belgique (Français)'
  href: string; // '/be-fr/'
}

/**
 * What the header and footer render from: rendered once per storefront (and footer mode) by the build and put
 * into every web page of it. `strings` is the storefront's resolved translation catalogue (keys as in content/locales).
 */
export interface ShellContext {
  storefront: StorefrontContext;
  headerFooter: import('../content/schemas/header-footer.schema').HeaderFooter;
  strings: Record<string, string>;
  sites: SiteLink[];
  year: number; // the build year, for "2010 - {year}"
  footerMode: 'full' | 'reduced';
}
