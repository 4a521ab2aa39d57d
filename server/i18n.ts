import { catalogueCandidates } from '../region-config/index';
import { pluralText } from '../content/i18n/plural';
import { loadTranslations } from '../content/load';
import { defaultContentDir } from './db/seed-source';
import type { Storefront } from './storefront';

let catalogues: Record<string, Record<string, string>> | null = null;

function load(): Record<string, Record<string, string>> {
  if (catalogues) return catalogues;
  try {
    catalogues = loadTranslations(defaultContentDir);
  } catch {
    // A broken or missing catalogue must not take the API down: messages show their keys (content/ is checked at
    // build).
    catalogues = {};
  }
  return catalogues;
}

function lookup(lang: string, key: string): string | undefined {
  const all = load();
  for (const code of catalogueCandidates(lang)) {
    const text = all[code]?.[key];
    if (text) return text;
  }
  return all['en']?.[key];
}

/**
 * A user-facing message in the storefront's language from content/locales (full tag, language subtag, en), or the
 * key itself when no catalogue has it (there is no English copy in the code; server/i18n-keys.test.ts checks the keys).
 */
export function message(storefront: Pick<Storefront, 'lang'>, key: string): string {
  return lookup(storefront.lang, key) ?? key;
}

/**
 * A catalogue string in the storefront's language with `{{name}}` placeholders filled; the key itself when unknown.
 * A counted text (vars.count a number) takes the plural form the language needs for it.
 */
export function translate(
  storefront: Pick<Storefront, 'lang'>,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const count = vars['count'];
  const text =
    (typeof count === 'number' ? pluralLookup(storefront.lang, key, count) : lookup(storefront.lang, key)) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The plural form of `key` for `count`: from the first catalogue that has the family, read with its own rules. */
function pluralLookup(lang: string, key: string, count: number): string | undefined {
  const all = load();
  for (const code of [...catalogueCandidates(lang), 'en']) {
    const catalogue = all[code];
    if (catalogue && (catalogue[`${key}_other`] || catalogue[key]))
      return pluralText(catalogue, code === 'en' ? 'en' : lang, key, count);
  }
  return undefined;
}

/** `translate` bound to one storefront. */
export type Translator = (key: string, vars?: Record<string, string | number>) => string;
export function translator(storefront: Pick<Storefront, 'lang'>): Translator {
  return (key, vars) => translate(storefront, key, vars);
}
