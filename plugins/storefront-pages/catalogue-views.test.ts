import { describe, expect, it } from 'vitest';
import type { Product } from '../../content/schemas/products.schema';
import { isOffered, productCard, productView, specGrid } from './catalogue-views';

const offer = (salePrice: number, marketPrice: number, stock: number) => ({
  currency: 'IDR',
  salePrice,
  marketPrice,
  stock,
});
const product = {
  id: 'redmi-note-14',
  category: 'phones',
  subCategory: 'redmi-note',
  name: 'Redmi Note 14',
  tagline: { en: 'Tagline', id: 'Slogan' },
  description: { en: 'Description' },
  image: '/images/products/redmi-note-14.svg',
  specs: [{ label: { en: 'Display', id: 'Layar' }, value: '6.67"' }],
  purchaseLimit: 5,
  energyInfo: {
    energy_image: '/images/x.svg',
    energy_info: '',
    product_energy: '',
    product_energy_info: '',
    description: 'B',
  },
  labelCountries: ['de'],
  commodities: [
    {
      commodityId: '10001',
      goodsId: '20001',
      firstSpecValue: '8GB+256GB',
      secondSpecValue: 'Black',
      offers: { id: offer(3_299_000, 3_299_000, 0), de: offer(249, 279, 4) },
    },
    {
      commodityId: '10002',
      goodsId: '20002',
      firstSpecValue: '8GB+256GB',
      secondSpecValue: 'Blue',
      offers: { id: offer(3_499_000, 3_799_000, 2) },
    },
    { commodityId: '10003', goodsId: '20003', firstSpecValue: '12GB+512GB', secondSpecValue: 'Blue', offers: {} },
  ],
} as unknown as Product;
const id = { local: 'id', i18n: 'id', urlLocal: 'id' };

describe('catalogue views', () => {
  it('knows where a product is offered', () => {
    expect(isOffered(product, 'id')).toBe(true);
    expect(isOffered(product, 'fr')).toBe(false);
  });

  it('cards show the cheapest commodity in stock, in the storefront language', () => {
    const card = productCard(product, id);
    expect(card).toMatchObject({
      tagline: 'Slogan',
      href: '/id/product/redmi-note-14/',
      salePrice: 3_499_000,
      originPrice: 3_799_000,
      salePriceIsEQ: false,
      inStock: true,
    });
  });

  it('shows energy labels only in the countries whose law asks for them', () => {
    expect(productCard(product, id).energyInfo).toBeUndefined();
    expect(productCard(product, { local: 'de', i18n: 'de', urlLocal: 'de' }).energyInfo?.description).toBe('B');
  });

  it('a product not offered in the country has no price and is not in stock', () => {
    const card = productCard(product, { local: 'fr', i18n: 'fr', urlLocal: 'fr' });
    expect(card).toMatchObject({ salePrice: null, originPrice: null, inStock: false, salePriceIsEQ: false });
  });

  it('lays commodities out as a memory × colour grid with holes where none exists', () => {
    const view = productView(product, id);
    const grid = specGrid(view.commodities);
    expect(grid.map((row) => row.map((cell) => cell?.commodityId ?? null))).toEqual([
      ['10001', '10002'],
      [null, '10003'],
    ]);
    expect(view.specs).toEqual([{ label: 'Layar', value: '6.67"' }]);
  });
});
