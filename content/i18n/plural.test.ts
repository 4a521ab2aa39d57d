import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadTranslations } from '../load';
import { pluralCategories, pluralCategory, pluralText } from './plural';
import { catalogueProblems } from './check';

describe('plural selection', () => {
  it('follows CLDR in English, Polish, Russian, Arabic and Japanese', () => {
    expect([1, 2, 5].map((n) => pluralCategory('en', n))).toEqual(['one', 'other', 'other']);
    expect([1, 2, 5, 22, 25, 1.5].map((n) => pluralCategory('pl', n))).toEqual([
      'one',
      'few',
      'many',
      'few',
      'many',
      'other',
    ]);
    expect([1, 3, 5, 21, 11].map((n) => pluralCategory('ru', n))).toEqual(['one', 'few', 'many', 'one', 'many']);
    expect([0, 1, 2, 3, 11, 100].map((n) => pluralCategory('ar', n))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
    expect([1, 2, 100].map((n) => pluralCategory('ja', n))).toEqual(['other', 'other', 'other']);
    expect(pluralCategories('ar')).toHaveLength(6);
  });

  it('picks the form of the count, else the other form, else the plain key', () => {
    const pl = {
      'cart.items_one': '{{count}} produkt',
      'cart.items_few': '{{count}} produkty',
      'cart.items_many': '{{count}} produktów',
      'cart.items_other': '{{count}} produktu',
      'cart.title': 'Koszyk',
    };
    expect([1, 3, 5, 1.5].map((n) => pluralText(pl, 'pl', 'cart.items', n))).toEqual([
      '{{count}} produkt',
      '{{count}} produkty',
      '{{count}} produktów',
      '{{count}} produktu',
    ]);
    expect(pluralText({ 'cart.items_other': 'x' }, 'pl', 'cart.items', 3)).toBe('x');
    expect(pluralText(pl, 'pl', 'cart.title', 3)).toBe('Koszyk');
  });
});

/**
 * The catalogues are i18next's JSON format, and read the same in i18next (the format's reference implementation)
 * as in the store's own resolver: every counted text of every language, for counts that reach every category.
 */
describe('the catalogues in i18next', () => {
  const catalogues = loadTranslations();
  it('resolve every plural family as the store does, in every language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: Object.fromEntries(
        Object.entries(catalogues).map(([code, strings]) => [code, { translation: strings }]),
      ),
      keySeparator: false,
      nsSeparator: false,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    const families = Object.keys(catalogues['en']!)
      .filter((k) => k.endsWith('_other'))
      .map((k) => k.slice(0, -'_other'.length));
    expect(families.length).toBeGreaterThan(30);
    for (const [code, strings] of Object.entries(catalogues)) {
      for (const key of families) {
        if (!strings[`${key}_other`]) continue;
        for (const count of [0, 1, 2, 3, 5, 11, 21, 100]) {
          const ours = (pluralText(strings, code, key, count) ?? '').replace(/\{\{\s*count\s*\}\}/g, String(count));
          expect(
            i18n.t(key, { lng: code, count, defaultValue: '' }).replace(/\{\{\s*\w+\s*\}\}/g, ''),
            `${code} ${key} ${count}`,
          ).toBe(ours.replace(/\{\{\s*\w+\s*\}\}/g, ''));
        }
      }
    }
  });

  it('the check names a planted English value, a missing key and a missing plural form', () => {
    const planted: Record<string, Record<string, string>> = {
      ...catalogues,
      pl: { ...catalogues['pl'], 'cart.title': catalogues['en']!['cart.title']! },
    };
    const { 'header.search': _, ...withoutSearch } = planted['pl']!;
    const family = Object.keys(catalogues['en']!)
      .find((k) => k.endsWith('_other'))!
      .slice(0, -'_other'.length);
    const { [`${family}_few`]: __, ...withoutFew } = withoutSearch;
    const problems = catalogueProblems({ ...planted, pl: withoutFew }, 'pl');
    expect(problems).toContainEqual({ code: 'pl', key: 'cart.title', problem: 'english' });
    expect(problems).toContainEqual({ code: 'pl', key: 'header.search', problem: 'missing' });
    expect(problems).toContainEqual({ code: 'pl', key: `${family}_few`, problem: 'missing' });
  });
});
