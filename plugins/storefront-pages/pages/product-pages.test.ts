import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../content/load';
import type { Product } from '../../../content/schemas/products.schema';
import { isOffered } from '../catalogue-views';
import { relatedProducts } from './product-pages';

const content = loadContent(path.resolve('content'));

/** The rule as the page describes it, computed the slow way: the reference the grouped version must match. */
function relatedByScanning(products: readonly Product[], local: string, product: Product): string[] {
  const offered = products.filter((p) => p.id !== product.id && isOffered(p, local));
  const same = offered.filter((p) => p.category === product.category);
  const accessories = offered.filter((p) => p.category === 'accessories');
  return [...new Set([...same, ...accessories])].slice(0, 4).map((p) => p.id);
}

describe('related products on a product page', () => {
  it('are up to four products the country sells: same category, then accessories, never the product itself', () => {
    for (const local of ['id', 'de', 'kr', 'ae']) {
      const related = relatedProducts(content.products, local);
      for (const product of content.products) {
        const ids = related(product).map((p) => p.id);
        expect(ids, `${local} ${product.id}`).toEqual(relatedByScanning(content.products, local, product));
        expect(ids).not.toContain(product.id);
      }
    }
  });

  it('an accessory lists other accessories once', () => {
    const accessory = content.products.find((p) => p.category === 'accessories' && isOffered(p, 'id'));
    if (!accessory) throw new Error('the catalogue has no accessory sold in id');
    const ids = relatedProducts(content.products, 'id')(accessory).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(0);
  });
});
