import { describe, expect, it } from 'vitest';
import { productPath, shapeProductCard, type CardSource } from './product-card';

const source: CardSource = {
  id: 'redmi-note-14-pro',
  name: 'Redmi Note 14 Pro',
  image: '/images/products/redmi-note-14-pro.svg',
  category: 'phones',
  subCategory: 'redmi',
  tagline: { en: 'Pro in every way', de: 'Profi in allem' },
  marketingTag: { subtype: 'new', text: { en: 'New', de: 'Neu' } },
  energyInfo: {
    description: 'B',
    energy_image: '/images/energy/b.svg',
    energy_info: 'B',
    product_energy: { en: 'Product information sheet', de: 'Produktdatenblatt' },
    product_energy_info: 'https://eprel.example/1',
  },
  bundleLabels: [
    {
      title: { en: 'EU energy label', de: 'EU-Energielabel' },
      energy: {
        description: 'A',
        energy_image: '/images/energy/a.svg',
        energy_info: 'A',
        product_energy: { en: 'Product information sheet', de: 'Produktdatenblatt' },
        product_energy_info: 'https://eprel.example/2',
      },
      durability: {
        durability_score_img: '/images/labels/repairability-B.svg',
        durability_score_doc: 'https://eprel.example/2?tab=repairability',
        description: { en: 'Repairability class B', de: 'Reparierbarkeitsklasse B' },
      },
    },
  ],
  labelCountries: ['de', 'ie'],
  lead: { salePrice: 299.9, marketPrice: 299.9, stock: 0 },
  inStock: true,
};

describe('the one product card', () => {
  it('links to the storefront-relative product page with a trailing slash', () => {
    expect(productPath('be-fr', 'x')).toBe('/be-fr/product/x/');
    expect(shapeProductCard(source, { local: 'de', i18n: 'de', urlLocal: 'de' }).href).toBe(
      '/de/product/redmi-note-14-pro/',
    );
  });

  it('texts in the storefront language; compliance labels only where the product lists the country', () => {
    const de = shapeProductCard(source, { local: 'de', i18n: 'de', urlLocal: 'de' });
    expect(de).toMatchObject({
      tagline: 'Profi in allem',
      tag: { subtype: 'new', text: 'Neu' },
      energyInfo: { description: 'B' },
    });
    const at = shapeProductCard(source, { local: 'at', i18n: 'de', urlLocal: 'at' });
    expect(at.energyInfo).toBeUndefined();
    expect(at.bundleLabels).toBeUndefined();
    expect(shapeProductCard(source, { local: 'fr', i18n: 'fr', urlLocal: 'fr' }).tagline).toBe('Pro in every way');
  });

  it("compliance labels' texts in the storefront language, English where the catalogue has none", () => {
    const de = shapeProductCard(source, { local: 'de', i18n: 'de', urlLocal: 'de' });
    expect(de.energyInfo?.product_energy).toBe('Produktdatenblatt');
    expect(de.bundleLabels).toEqual([
      {
        title: 'EU-Energielabel',
        energy: {
          description: 'A',
          energy_image: '/images/energy/a.svg',
          energy_info: 'A',
          product_energy: 'Produktdatenblatt',
          product_energy_info: 'https://eprel.example/2',
        },
        durability: {
          durability_score_img: '/images/labels/repairability-B.svg',
          durability_score_doc: 'https://eprel.example/2?tab=repairability',
          description: 'Reparierbarkeitsklasse B',
        },
      },
    ]);
    const ie = shapeProductCard(source, { local: 'ie', i18n: 'en-IE', urlLocal: 'ie' });
    expect(ie.bundleLabels?.[0]).toMatchObject({
      title: 'EU energy label',
      durability: { description: 'Repairability class B' },
    });
  });

  it('prices from the lead offer; in stock when any variant is, even if the lead is not; no offer reads null', () => {
    expect(shapeProductCard(source, { local: 'de', i18n: 'de', urlLocal: 'de' })).toMatchObject({
      salePrice: 299.9,
      originPrice: 299.9,
      salePriceIsEQ: true,
      inStock: true,
    });
    const none = shapeProductCard(
      { ...source, lead: undefined, inStock: false },
      { local: 'kr', i18n: 'ko', urlLocal: 'kr' },
    );
    expect(none).toMatchObject({ salePrice: null, originPrice: null, salePriceIsEQ: false, inStock: false });
  });
});
