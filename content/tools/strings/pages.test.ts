import { describe, expect, it } from 'vitest';
import { loadTranslations } from '../../load';
import { extraEn, pagesEn } from './pages-en';
import { visiblePageKeys, visiblePageStrings } from './pages-visible';

const catalogues = loadTranslations();
const en = catalogues['en']!;
const fullyTranslated = ['id', 'de', 'fr', 'es', 'ar'];
const partial = Object.keys(catalogues).filter((code) => code !== 'en' && !fullyTranslated.includes(code));
const pageIds = Object.keys(pagesEn);
const titleKeys = pageIds.map((id) => `page.${id}.title`);

describe('page titles and descriptions in the catalogues', () => {
  it('cover the pages and keys the storefront build looks up', () => {
    for (const id of ['support', 'faq', 'product-list', 'cart', 'checkout', 'user', 'search', 'sitemap', 'select-location', 'compare', 'business'])
      expect(pageIds, id).toContain(id);
    for (const key of ['breadcrumb.home', 'notFound.description', 'product.bundle', 'product.buy', 'search.resultsFor', 'sitemap.account', 'support.area.after-sales', 'location.middle-east-and-africa'])
      expect(Object.keys(extraEn), key).toContain(key);
    expect(en['page.faq.title']).toBe('Frequently asked questions');
    expect(en['productList.categoryDescription']).toBe('{{category}}: prices, specifications and offers.');
  });

  it.each(Object.keys(catalogues))('%s has a title and a description for every page', (code) => {
    const catalogue = catalogues[code]!;
    for (const id of pageIds) {
      expect(catalogue[`page.${id}.title`]?.trim(), `${code} ${id}`).toBeTruthy();
      expect(catalogue[`page.${id}.description`]?.trim(), `${code} ${id}`).toBeTruthy();
    }
  });

  it.each(['en', ...fullyTranslated])('%s gives every page its own title', (code) => {
    const catalogue = catalogues[code]!;
    const titles = titleKeys.map((key) => catalogue[key]);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
  });

  it.each(fullyTranslated)('%s translates the page titles and descriptions', (code) => {
    const catalogue = catalogues[code]!;
    // Brand names ("Mi Club", "Mi Exchange") and words shared with English may stay the same.
    const keys = [...pageIds.flatMap((id) => [`page.${id}.title`, `page.${id}.description`]), ...Object.keys(extraEn)];
    const same = keys.filter((key) => catalogue[key] === en[key]);
    expect(same.length / keys.length, same.join(', ')).toBeLessThan(0.1);
  });

  it.each(partial)('%s translates the most visible page titles, breadcrumb, sitemap and continent names', (code) => {
    expect(visiblePageStrings[code]).toHaveLength(visiblePageKeys.length);
    const catalogue = catalogues[code]!;
    // A few words equal English in some languages ("Home", "Sitemap", "Support", "Lifestyle").
    const same = visiblePageKeys.filter((key) => catalogue[key] === en[key]);
    expect(same.length / visiblePageKeys.length, same.join(', ')).toBeLessThan(0.25);
  });
});
