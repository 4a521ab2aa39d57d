/**
 * One storefront's pages, in one place: the StorefrontBuild every page builder reads, and the order the builders
 * run in. createPages renders them; the SEO inventory (page-inventory.ts) replays them without Gatsby to learn
 * which pages every storefront has.
 */
import { catalogueCandidates, type Storefront } from '../../region-config';
import type { SiteLink } from '../../src/page-context';
import { makeTranslate, type Translate } from '../../src/components/translate';
import type { ContentBundle } from './content-bundle';
import { emitCatalogueLists } from './pages/catalogue-pages';
import { emitContentPages } from './pages/content-pages';
import { emitFixedPages } from './pages/fixed-pages';
import { emitFlashSalePages } from './pages/flash-sale-pages';
import { emitLegalPages } from './pages/legal-pages';
import { emitProductPages } from './pages/product-pages';
import { emitStorePages } from './pages/store-pages';
import { emitSupportPages } from './pages/support-pages';
import { fixedRoutes } from './route-table';
import type { StorefrontRecorder } from './render/page-records';
import { PageEmitter, type GatsbyPage, type StorefrontBuild } from './storefront-build';
import { storefrontContext } from './storefront-context';

/** The catalogue a storefront reads: the first of its candidates that exists (contracts.md). */
export function catalogueCode(lang: string, available: ReadonlySet<string>): string {
  return catalogueCandidates(lang).find((code) => available.has(code)) ?? 'en';
}

/**
 * The page builders' lookup: a key missing from English too is a mistake in the code, named before any page is written.
 */
function buildTranslate(strings: Record<string, string>, lang: string): Translate {
  const translate = makeTranslate(strings, lang);
  return (key, vars) => {
    if (strings[key] === undefined && strings[`${key}_other`] === undefined)
      throw new Error(`UI text ${key} is in no catalogue (content/locales/en)`);
    return translate(key, vars);
  };
}

/** Everything the page builders of `storefront` share; `catalogues` by catalogue code, English under 'en'. */
export function makeStorefrontBuild(
  storefront: Storefront,
  catalogues: ReadonlyMap<string, Record<string, string>>,
  content: ContentBundle,
): StorefrontBuild {
  const i18n = catalogueCode(storefront.lang, new Set(catalogues.keys()));
  const strings = { ...catalogues.get('en'), ...catalogues.get(i18n) };
  return {
    storefront,
    context: storefrontContext(storefront, i18n),
    scope: { local: storefront.local, i18n, urlLocal: storefront.urlLocal },
    content,
    t: buildTranslate(strings, storefront.lang),
  };
}

const routeMap = new Map(fixedRoutes.map((route) => [route.id, route]));

/**
 * Emits every page of one storefront. Order matters: built-in routes first, so a CMS page can never shadow a
 * route of the table. Without a recorder the pages are only counted (the SEO inventory's replay).
 */
export function emitStorefrontPages(
  build: StorefrontBuild,
  sites: SiteLink[],
  createPage: (page: GatsbyPage) => void,
  recorder?: StorefrontRecorder,
): PageEmitter {
  const pages = new PageEmitter(build, createPage, recorder);
  emitFixedPages(build, pages, fixedRoutes, sites);
  emitCatalogueLists(build, pages, routeMap);
  emitProductPages(build, pages);
  emitSupportPages(build, pages, routeMap);
  emitStorePages(build, pages, routeMap);
  emitFlashSalePages(build, pages);
  emitLegalPages(build, pages);
  emitContentPages(build, pages);
  pages.verify();
  return pages;
}
