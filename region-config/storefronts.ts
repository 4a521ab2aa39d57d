import type { LanguageSettings, RegionSettings } from './region.schema';
import { regionSettings } from './regions';

/** One URL prefix: what REGIONS= selects and what the build renders under public/<urlLocal>/. */
export interface Storefront {
  urlLocal: string;
  local: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  language: LanguageSettings;
  region: RegionSettings;
  /** Preferred translation catalogue code; resolve against existing catalogues with catalogueCandidates(). */
  i18n: string;
}

/** Every storefront, one per urlLocal, in table order (a country's default language first). */
export const storefronts: readonly Storefront[] = /* @__PURE__ */ regionSettings.flatMap((region) =>
  region.languages.map((language) => ({
    urlLocal: language.urlLocal,
    local: region.local,
    lang: language.lang,
    dir: language.dir,
    language,
    region,
    i18n: language.i18n,
  })),
);

const byUrlLocal = /* @__PURE__ */ new Map(storefronts.map((s) => [s.urlLocal, s]));

/** The storefront of a URL prefix ('be-fr'), or undefined. */
export function getStorefront(urlLocal: string): Storefront | undefined {
  return byUrlLocal.get(urlLocal.toLowerCase());
}

/**
 * Catalogue codes to try in order (contracts.md): the full tag, then the language subtag, then 'en'.
 * @example catalogueCandidates('pt-BR') // ['pt-BR', 'pt', 'en']
 */
export function catalogueCandidates(lang: string): string[] {
  const subtag = lang.split('-')[0] ?? lang;
  return [...new Set([lang, subtag, 'en'])];
}
