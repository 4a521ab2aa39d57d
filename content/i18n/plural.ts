/**
 * Plurals in i18next's JSON format: a counted text is a family of keys with CLDR category suffixes
 * ("cart.items_one", "cart.items_few", "cart.items_other"); `Intl.PluralRules` of the language picks the category
 * for a count. Shared by the build, the islands and the server, so a number is worded the same everywhere.
 */

/** The suffix of a plural key, as i18next writes it. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export type PluralCategory = Intl.LDMLPluralRule;

const rules = new Map<string, Intl.PluralRules>();

/** The CLDR category of `count` in `lang` ('en' → one/other; 'pl' → one/few/many/other; 'ar' all six). */
export function pluralCategory(lang: string, count: number): PluralCategory {
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  return rule.select(count);
}

/** The categories a language needs a form for (what a complete catalogue must hold for each counted text). */
export function pluralCategories(lang: string): readonly PluralCategory[] {
  return new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
}

/**
 * The text of `key` for `count` in a flat catalogue: the form of the count's category, else the `_other` form, else
 * the key without suffix (a text that does not vary).
 */
export function pluralText(
  strings: Readonly<Record<string, string>>,
  lang: string,
  key: string,
  count: number,
): string | undefined {
  return strings[`${key}_${pluralCategory(lang, count)}`] ?? strings[`${key}_other`] ?? strings[key];
}
