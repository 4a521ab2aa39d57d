/**
 * The content every storefront shares (catalogue, categories, pages, FAQ, articles, offers) is worded in every
 * language a storefront is written in, not left in English for its shoppers. Reviews are the
 * shoppers' own words, in their language.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from './load';
import { requiredCatalogues as copyLanguages } from './storefronts';

const content = loadContent();

/** Every Localized text (an object with an English string) under `value`, with where it was found. */
function localizedTexts(value: unknown, where: string, found: { where: string; text: Record<string, unknown> }[] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => localizedTexts(item, `${where}[${i}]`, found));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record['en'] === 'string') found.push({ where, text: record });
    else for (const [key, item] of Object.entries(record)) localizedTexts(item, `${where}.${key}`, found);
  }
  return found;
}

const shared = {
  products: content.products,
  categories: content.categories,
  pages: content.pages,
  faq: content.faq,
  articles: content.articles,
  coupons: content.coupons,
  presales: content.presales,
  tradeIn: content.tradeIn,
};

describe('shared content in every storefront language', () => {
  it.each(Object.entries(shared))('%s: every text in every storefront language', (name, snapshot) => {
    const texts = localizedTexts(snapshot, name);
    const incomplete = texts.filter(({ text }) =>
      copyLanguages.some((code) => typeof text[code] !== 'string' || !(text[code] as string).trim()),
    );
    expect(
      incomplete
        .map(
          ({ where, text }) =>
            `${where}: "${text['en']}" lacks ${copyLanguages.filter((code) => !text[code]).join(', ')}`,
        )
        .slice(0, 10),
    ).toEqual([]);
  });
});
