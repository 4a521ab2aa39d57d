/**
 * The lowest price of the 30 days before a reduction (the EU price indication rule, Directive 98/6/EC art. 6a as
 * amended by the Omnibus Directive 2019/2161): which countries show it and over how long. Read by the API (which
 * works the figure out), the build (which places the islands that show it) and the islands; browser-safe.
 */

/** EU member states with a storefront (the `eu` group of sites/legal-facts.json) and the EEA's Norway. */
export const LOWEST_PRICE_COUNTRIES: readonly string[] = [
  'at',
  'be',
  'bg',
  'cz',
  'de',
  'dk',
  'es',
  'fi',
  'fr',
  'gr',
  'hr',
  'hu',
  'ie',
  'it',
  'nl',
  'pl',
  'pt',
  'ro',
  'se',
  'sk',
  'no',
];

/** The lowest price of the last 30 days: the days before a reduction whose prices count. */
export const LOWEST_PRICE_WINDOW_DAYS = 30;

/** A price cut without a struck-through price counts as a reduction for this many days after it is published. */
export const PRICE_CUT_SHOWN_DAYS = 30;

/** At most this many commodities per request of the lowest prices (a page's cards, a cart's lines). */
export const LOWEST_PRICE_MAX_COMMODITIES = 60;

/** Whether a country's storefronts show the lowest price of the 30 days before a reduction. */
export function showsLowestPrice(local: string): boolean {
  return LOWEST_PRICE_COUNTRIES.includes(local);
}
