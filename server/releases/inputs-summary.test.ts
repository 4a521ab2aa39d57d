import { describe, expect, it } from 'vitest';
import { diffInputs, summarizeInputs, type InputsSummary } from './inputs-summary';

describe('the inputs diff of the release console', () => {
  const de = summarizeInputs('de');

  it('summarises what a storefront sells at which price, its pages and its strings', () => {
    const offers = Object.values(de.products);
    expect(offers.length).toBeGreaterThan(10);
    expect(offers.every((p) => p.currency === 'EUR')).toBe(true);
    expect(Object.keys(de.pages).length).toBeGreaterThan(10);
    expect(Object.keys(de.strings).some((key) => key.startsWith('common:'))).toBe(true);
    expect(diffInputs(de, de).same).toBe(true);
  });

  it('names added and removed products, prices old and new, changed pages and strings', () => {
    const [first, second] = Object.keys(de.products);
    const before: InputsSummary = structuredClone(de);
    const after: InputsSummary = structuredClone(de);
    after.products[first!]!.salePrice = de.products[first!]!.salePrice - 100;
    delete after.products[second!];
    after.products['99999'] = { name: 'New phone', currency: 'EUR', salePrice: 299, marketPrice: 349 };
    const page = Object.keys(de.pages)[0]!;
    after.pages[page] = 'changed';
    const key = Object.keys(de.strings)[0]!;
    after.strings[key] = 'changed';
    const diff = diffInputs(before, after);
    expect(diff.same).toBe(false);
    expect(diff.prices).toEqual([
      {
        commodityId: first,
        name: de.products[first!]!.name,
        currency: 'EUR',
        before: { salePrice: de.products[first!]!.salePrice, marketPrice: de.products[first!]!.marketPrice },
        after: { salePrice: de.products[first!]!.salePrice - 100, marketPrice: de.products[first!]!.marketPrice },
      },
    ]);
    expect(diff.productsRemoved).toEqual([{ commodityId: second, name: de.products[second!]!.name }]);
    expect(diff.productsAdded).toEqual([{ commodityId: '99999', name: 'New phone' }]);
    expect(diff.pagesChanged).toEqual([page]);
    expect(diff.strings).toEqual([key]);
    expect(diff.stringsCount).toBe(1);
  });

  it('keeps the lists bounded', () => {
    const after: InputsSummary = structuredClone(de);
    for (const key of Object.keys(after.strings)) after.strings[key] = 'changed';
    const diff = diffInputs(de, after);
    expect(diff.strings.length).toBe(50);
    expect(diff.stringsCount).toBe(Object.keys(de.strings).length);
  });
});
