import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../content/load';
import { storefronts } from '../../region-config';
import { isOffered } from './catalogue-views';
import { siteInventory } from './page-inventory';

const content = loadContent(path.resolve('content'));
// Replay two storefronts only; the others are "already known" as empty to keep the test quick.
const replayed = new Set(['at', 'ae-ar']);
const inventory = siteInventory(
  content,
  new Map(storefronts.filter((s) => !replayed.has(s.urlLocal)).map((s) => [s.urlLocal, []])),
);

describe('siteInventory', () => {
  it('lists the indexable canonical pages of a storefront, without aliases, noindex or app pages', () => {
    const at = inventory.get('at') ?? new Set<string>();
    for (const indexable of ['/', '/product-list/', '/support/faq/', '/select-location/'])
      expect(at.has(indexable), indexable).toBe(true);
    for (const other of [
      '/index/',
      '/web/index/',
      '/item/',
      '/cart/',
      '/user/',
      '/404/',
      '/support/faqs/',
      '/app/cart/',
    ])
      expect(at.has(other), other).toBe(false);
    expect([...at].some((p) => p.startsWith('/item/') || p.endsWith('/buy/'))).toBe(false);
  });

  it('holds the product pages of what the country sells, and none of what it does not', () => {
    for (const [code, local] of [
      ['at', 'at'],
      ['ae-ar', 'ae'],
    ] as const) {
      const pages = inventory.get(code) ?? new Set<string>();
      const sold = content.products.filter((p) => isOffered(p, local));
      const notSold = content.products.filter((p) => !isOffered(p, local));
      expect(notSold.length, code).toBeGreaterThan(0);
      for (const product of sold) expect(pages.has(`/product/${product.id}/`), `${code} ${product.id}`).toBe(true);
      for (const product of notSold) expect(pages.has(`/product/${product.id}/`), `${code} ${product.id}`).toBe(false);
    }
  });
});
