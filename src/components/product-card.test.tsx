import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProductCard as Card } from '../template-data';
import { storefront, t } from '../testing/fixtures';
import { ProductCard } from './product-card';

const card: Card = {
  id: 'redmi-note-14-pro',
  commodityId: '10001',
  name: 'Redmi Note 14 Pro',
  tagline: '200MP',
  image: '/images/products/redmi-note-14-pro.svg',
  href: '/de/product/redmi-note-14-pro/',
  category: 'phones',
  subCategory: 'redmi-series',
  salePrice: 299.9,
  originPrice: 349.9,
  salePriceIsEQ: false,
  inStock: true,
};

const html = (urlLocal: string, overrides: Partial<Card> = {}, isToC = true) =>
  renderToStaticMarkup(
    <ProductCard product={{ ...card, ...overrides }} storefront={storefront({ urlLocal, isToC })} t={t} />,
  );

describe('a product card’s lowest price of the last 30 days', () => {
  it('EU and EEA storefronts: an island asks for it by the card’s commodity when the card shows', () => {
    for (const code of ['de', 'be-fr', 'no']) {
      const out = html(code);
      expect(out, code).toMatch(/<store-widget name="lowest-price" load="visible" props="[^"]*10001/);
      // The card is complete without it: nothing is guessed into the HTML.
      expect(out).not.toContain('price__lowest');
    }
  });

  it('nowhere else, nor without a price, a commodity or a consumer storefront', () => {
    for (const code of ['id', 'uk', 'ch-de', 'tr']) expect(html(code), code).not.toContain('lowest-price');
    expect(html('de', { salePrice: null, originPrice: null })).not.toContain('lowest-price');
    expect(html('de', { commodityId: undefined })).not.toContain('lowest-price');
    expect(html('de', {}, false)).not.toContain('lowest-price');
  });
});
