/**
 * Per-country constants, one list per rule. A local not named in a list gets the default.
 */
import type { NavigationVersion, SearchType } from './site.schema';

/** Countries with stores and a support centre: search offers products, stores and support. */
export const FULL_SEARCH_LOCALS: readonly string[] = [
  'de',
  'fr',
  'es',
  'it',
  'uk',
  'nl',
  'pl',
  'ru',
  'th',
  'tr',
  'mx',
  'kr',
  'vn',
  'jp',
  'hk',
  'tw',
  'id',
  'my',
  'sg',
  'co',
  'pe',
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
  'ph',
  'au',
  'nz',
  'cl',
  'br',
];
/** Everything else searches products only; listed for the record and tests. */
export const PRODUCT_ONLY_SEARCH_LOCALS: readonly string[] = [
  'ae',
  'in',
  'us',
  'ua',
  'cn',
  'kh',
  'kz',
  'ma',
  'sa',
  'eg',
  'ng',
  'za',
  'lk',
  'bd',
];

export const SHOW_ALL_PRODUCTS_IN_MOBILE: readonly string[] = ['hk', 'in', 'tw'];

export const POCO_MENU_LOCALS: readonly string[] = [
  'de',
  'es',
  'fr',
  'it',
  'nl',
  'be',
  'uk',
  'th',
  'my',
  'kr',
  'vn',
  'hk',
  'tw',
  'pl',
  'tr',
  'mx',
  'id',
  'co',
  'sg',
];

export const CATEGORY_ENTRY_LOCALS: readonly string[] = ['hk', 'tw'];

/** Left out of the language popover and site lists. */
export const EXCLUDED_FROM_LANGUAGE_LIST: readonly string[] = ['hk', 'tw', 'in'];

/**
 * Header generation per country: v0 legacy header (default), v1 and v2 the new header, whose data comes from
 * the v2 header-footer endpoint. v2 where the redesign shipped first, v1 for the next wave.
 */
export const NAVIGATION_VERSIONS: Readonly<Record<string, NavigationVersion>> = {
  id: 'v2',
  de: 'v2',
  fr: 'v2',
  es: 'v2',
  it: 'v2',
  uk: 'v2',
  pl: 'v1',
  nl: 'v1',
  be: 'v1',
  th: 'v1',
  my: 'v1',
};
export const DEFAULT_NAVIGATION_VERSION: NavigationVersion = 'v0';

export function searchTypesFor(local: string): SearchType[] {
  return FULL_SEARCH_LOCALS.includes(local) ? ['product', 'store', 'support'] : ['product'];
}
