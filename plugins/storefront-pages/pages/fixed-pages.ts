/**
 * The fixed routes of the route table that no other builder owns: island pages (cart, checkout, user area,
 * business, …), the error page, the HTML sitemap, select-location, the share landing and the 404 page.
 */
import type {
  BusinessData,
  ContentData,
  ErrorData,
  SelectLocationData,
  SitemapData,
  WidgetPageData,
} from '../../../src/template-data';
import { businessTaxFields, fieldLabel } from '../../../region-config/tax-ids';
import type { SiteLink } from '../../../src/page-context';
import { localize } from '../../../content/localize';
import type { FixedRoute } from '../route-table';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';
import { publishedPages } from './content-pages';

/** Templates with a builder of their own; their fixed routes are emitted there. */
const ownedElsewhere = new Set(['product-list', 'search', 'compare', 'support', 'faq', 'stores', 'spare-parts']);

/** Payment pages show the reduced footer (payment terms and regulator logo only). */
const reducedFooterWidgets = new Set(['checkout']);

/** The continent groups of /select-location. */
const continents: Record<string, string[]> = {
  Europe: [
    'de',
    'fr',
    'es',
    'it',
    'uk',
    'nl',
    'pl',
    'be',
    'at',
    'pt',
    'gr',
    'cz',
    'sk',
    'hu',
    'ro',
    'bg',
    'hr',
    'se',
    'dk',
    'fi',
    'no',
    'ie',
    'ch',
    'ua',
    'ru',
    'tr',
  ],
  'Asia Pacific': [
    'cn',
    'hk',
    'tw',
    'jp',
    'kr',
    'in',
    'id',
    'my',
    'sg',
    'th',
    'vn',
    'ph',
    'kh',
    'kz',
    'au',
    'nz',
    'lk',
    'bd',
  ],
  Americas: ['us', 'mx', 'co', 'pe', 'cl', 'br'],
  'Middle East and Africa': ['ae', 'sa', 'ma', 'eg', 'ng', 'za'],
};

export function signInHref(build: StorefrontBuild, relativePath: string): string {
  return (
    `${build.context.api}/site/login?redirectUrl=` +
    `${encodeURIComponent(`${build.context.home}${relativePath.slice(1)}`)}`
  );
}

function widgetPage(build: StorefrontBuild, pages: PageEmitter, route: FixedRoute): void {
  const widget = route.widget;
  if (!widget) return;
  const relativePath = `${route.path}/`;
  const title = build.t(`page.${route.id}.title`);
  const description = build.t(`page.${route.id}.description`);
  pages.emit<WidgetPageData>({
    relativePath,
    template: 'widget-page',
    routeId: route.id,
    title,
    description,
    breadcrumbs: breadcrumbs(build, [title, relativePath]),
    data: {
      mount: { name: widget.name, load: widget.load, props: widget.props } as WidgetPageData['mount'],
      title,
      description,
      titleKey: `page.${route.id}.title`,
      descriptionKey: `page.${route.id}.description`,
      requiresSignIn: widget.requiresSignIn ?? false,
      signInHref: signInHref(build, relativePath),
    },
    noindex: route.noindex ?? true,
    app: route.app ?? false,
    shell: reducedFooterWidgets.has(widget.name) ? 'reduced' : 'full',
    ...(route.canonicalOf ? { canonicalRelativePath: `${route.canonicalOf}/` } : {}),
    ...(route.clientRoutes ? { clientRoutes: route.clientRoutes } : {}),
  });
}

function sitemapData(build: StorefrontBuild): SitemapData {
  const home = build.context.home.slice(0, -1);
  const text = (value: Parameters<typeof localize>[0]) => localize(value, build.scope.i18n);
  const published = publishedPages(build);
  return {
    sections: [
      {
        title: build.t('sitemap.products'),
        links: build.content.categories.map((c) => ({ name: text(c.name), href: `${home}${c.path}` })),
      },
      {
        title: build.t('sitemap.explore'),
        links: published
          .filter((p) => p.kind === 'content')
          .map((p) => ({ name: text(p.title), href: `${home}${p.path}` })),
      },
      {
        title: build.t('sitemap.events'),
        links: published
          .filter((p) => p.kind === 'event')
          .map((p) => ({ name: text(p.title), href: `${home}${p.path}` })),
      },
      {
        title: build.t('sitemap.support'),
        links: [
          { name: build.t('page.support.title'), href: `${home}/support/` },
          { name: build.t('page.faq.title'), href: `${home}/support/faq/` },
          ...published
            .filter((p) => p.kind === 'support')
            .map((p) => ({ name: text(p.title), href: `${home}${p.path}` })),
        ],
      },
      {
        title: build.t('sitemap.account'),
        links: [
          { name: build.t('page.user.title'), href: `${home}/user/` },
          { name: build.t('page.cart.title'), href: `${home}/cart/` },
          { name: build.t('page.business.title'), href: `${home}/business/` },
          { name: build.t('page.select-location.title'), href: `${home}/select-location/` },
        ],
      },
    ].filter((section) => section.links.length > 0),
  };
}

function selectLocationData(build: StorefrontBuild, sites: SiteLink[]): SelectLocationData {
  return {
    groups: Object.entries(continents).map(([title, locals]) => ({
      title: build.t(`location.${title.toLowerCase().replace(/ /g, '-')}`),
      sites: sites.filter((site) => locals.includes(site.local)),
    })),
  };
}

export function emitFixedPages(
  build: StorefrontBuild,
  pages: PageEmitter,
  routes: FixedRoute[],
  sites: SiteLink[],
): void {
  for (const route of routes) {
    if (ownedElsewhere.has(route.template)) continue;
    if (route.locals && !route.locals.includes(build.scope.local)) continue;
    const relativePath = `${route.path}/`;
    const title = build.t(`page.${route.id}.title`);
    const description = build.t(`page.${route.id}.description`);
    const common = {
      relativePath,
      routeId: route.id,
      title,
      description,
      breadcrumbs: breadcrumbs(build, [title, relativePath]),
      noindex: route.noindex ?? false,
      app: route.app ?? false,
    };
    switch (route.template) {
      case 'widget-page':
        widgetPage(build, pages, route);
        break;
      case 'sitemap':
        pages.emit<SitemapData>({ ...common, template: 'sitemap', data: sitemapData(build) });
        break;
      case 'select-location':
        pages.emit<SelectLocationData>({
          ...common,
          template: 'select-location',
          data: selectLocationData(build, sites),
        });
        break;
      case 'error':
        pages.emit<ErrorData>({ ...common, template: 'error', data: {} });
        break;
      case 'offline':
        pages.emit<ErrorData>({ ...common, template: 'offline', data: {} });
        break;
      case 'share-landing':
        pages.emit<ErrorData>({ ...common, template: 'share-landing', data: {} });
        break;
      case 'business':
        pages.emit<BusinessData>({
          ...common,
          template: 'business',
          data: {
            applyHref: signInHref(build, '/business/account/'),
            accountHref: `${build.context.home}business/account/`,
            reviewDays: 3,
            taxLabels: businessTaxFields(build.scope.local).map((f) => fieldLabel(f, (key) => build.t(key))),
          },
        });
        break;
      case 'content':
        // /public/header-footer: the shared header and footer alone, for pages outside this build to embed.
        pages.emit<ContentData>({
          ...common,
          template: 'content',
          data: { kind: 'content', title, description, blocks: [] },
        });
        break;
      default:
        throw new Error(`Route ${route.id}: template ${route.template} has no builder`);
    }
  }
  const notFound = build.t('notFound.title');
  pages.emit<ErrorData>({
    relativePath: '/404/',
    template: 'not-found',
    routeId: 'not-found',
    title: notFound,
    description: build.t('notFound.description'),
    breadcrumbs: breadcrumbs(build),
    data: {},
    noindex: true,
    app: true, // the apps' webviews get a 404 without the site header and footer
  });
}
