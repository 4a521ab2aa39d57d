/**
 * A coupon's title in a country of several storefront languages. The coupons table keeps one title per campaign, so
 * the snapshot writes the campaign's name in each of the country's languages, its default first ("Welcome offer /
 * عرض الترحيب"); each storefront shows the name in its own language, and staff (who see every country) the whole.
 */
import { countryLanguages } from './storefronts';

const SEPARATOR = ' / ';

/** The title a country's coupon row keeps: the name in each of its languages, default first. */
export function joinedTitle(local: string, nameIn: (language: string) => string): string {
  return (countryLanguages[local] ?? ['en']).map(nameIn).join(SEPARATOR);
}

/**
 * The title as the storefront `i18n` of country `local` reads it: its language's part of a joined title; the title as
 * it is when it is not one (a single-language country, a programme's own title, a part count that does not match).
 */
export function titleIn(title: string, local: string, i18n: string): string {
  const languages = countryLanguages[local] ?? [];
  if (languages.length < 2) return title;
  const parts = title.split(SEPARATOR);
  const index = languages.indexOf(i18n);
  return parts.length === languages.length && index >= 0 ? parts[index]! : title;
}
