/** Builds every translation catalogue (content/locales/<code>/translation.json) from tools/strings. */
import { requiredCatalogues } from '../storefronts';
import { categoryDefs } from './category-defs';
import { ar } from './strings/ar';
import { de } from './strings/de';
import { en, type UiKey } from './strings/en';
import { es } from './strings/es';
import { fr } from './strings/fr';
import { id } from './strings/id';
import { shellKeys, shellStrings } from './strings/shell';
import { pagesAr } from './strings/pages-ar';
import { pagesDe } from './strings/pages-de';
import { flattenPageStrings, pageStringsEn, type PageStrings } from './strings/pages-en';
import { pagesEs } from './strings/pages-es';
import { pagesFr } from './strings/pages-fr';
import { pagesId } from './strings/pages-id';
import { visiblePageKeys, visiblePageStrings } from './strings/pages-visible';
import { commerceStrings } from './strings/commerce';
import { seoStrings } from './strings/seo';

const full: Record<string, Record<UiKey, string>> = { en, id, de, fr, es, ar };
/** Page titles and descriptions, breadcrumb, sitemap, support-area and continent names of the fully translated catalogues. */
const fullPages: Record<string, PageStrings> = { en: pageStringsEn, id: pagesId, de: pagesDe, fr: pagesFr, es: pagesEs, ar: pagesAr };

function pick(names: Record<string, string>, code: string): string | undefined {
  return names[code] ?? names[code.split('-')[0] ?? ''];
}

/** "category.phones" and "category.phones.xiaomi-series" names in `code`, English where not translated. */
function categoryStrings(code: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const def of categoryDefs) {
    out[`category.${def.id}`] = pick(def.name, code) ?? def.name.en;
    for (const sub of def.subs) out[`category.${def.id}.${sub.id}`] = pick(sub.name, code) ?? sub.name.en;
  }
  return out;
}

/** The UI strings of one catalogue, without `_meta`. */
export function uiStrings(code: string): Record<string, string> {
  const own = full[code];
  const ownPages = fullPages[code];
  const commerce = commerceStrings(code);
  if (own && ownPages && commerce) return { ...own, ...commerce, ...flattenPageStrings(ownPages), ...categoryStrings(code), ...seoStrings(code) };
  const shell = shellStrings[code];
  const visible = visiblePageStrings[code];
  if (!shell || !visible) throw new Error(`no strings for catalogue ${code}`);
  const englishPages = flattenPageStrings(pageStringsEn);
  const translated = Object.fromEntries(shellKeys.map((key, i) => [key, shell[i] ?? en[key]]));
  const translatedPages = Object.fromEntries(visiblePageKeys.map((key, i) => [key, visible[i] ?? englishPages[key] ?? '']));
  return { ...en, ...commerceStrings('en'), ...englishPages, ...translated, ...translatedPages, ...categoryStrings(code), ...seoStrings(code) };
}

/** Every catalogue the storefronts need, with its `_meta` note. */
export function buildTranslations(): Record<string, Record<string, string>> {
  const catalogues: Record<string, Record<string, string>> = {};
  for (const code of requiredCatalogues) {
    const meta = full[code]
      ? `${code}: every UI string translated.`
      : `${code}: shell strings translated (${shellKeys.length} keys: header, footer, main buttons, category names) and ${visiblePageKeys.length} page keys (titles of the main pages, breadcrumb, sitemap sections, continents, support areas) translated; every other key, including the other page titles and descriptions, holds the English text until it is translated.`;
    catalogues[code] = { _meta: meta, ...uiStrings(code) };
  }
  return catalogues;
}
