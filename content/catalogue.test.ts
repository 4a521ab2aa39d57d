/** The committed catalogue and menus have what the storefronts need to show every case of the spec. */
import { describe, expect, it } from 'vitest';
import { loadContent } from './load';
import { productCategories } from './schemas/products.schema';
import { blockTypes } from './schemas/pages.schema';
import { requiredCatalogues } from './storefronts';

const { products, headerFooters, pages } = loadContent();
const offers = products.flatMap((p) =>
  p.commodities.flatMap((c) => Object.entries(c.offers).map(([local, offer]) => ({ product: p, local, offer }))),
);
const countries = [...new Set(offers.map((o) => o.local))];

describe('catalogue', () => {
  it('has at least 60 products covering every category, with refurbished phones', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    for (const category of productCategories)
      expect(products.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.refurbished).every((p) => p.category === 'refurbished')).toBe(true);
  });

  it('gives every product 1–4 commodities forming a spec grid', () => {
    for (const p of products) {
      expect(p.commodities.length, p.id).toBeGreaterThanOrEqual(1);
      expect(p.commodities.length, p.id).toBeLessThanOrEqual(4);
      const cells = new Set(p.commodities.map((c) => `${c.firstSpecValue}|${c.secondSpecValue}`));
      expect(cells.size, p.id).toBe(p.commodities.length);
    }
  });

  it('prices in every storefront country, with and without discounts, and some stock-outs', () => {
    expect(countries.length).toBe(56);
    expect(offers.some((o) => o.offer.salePrice === o.offer.marketPrice)).toBe(true);
    expect(offers.some((o) => o.offer.salePrice < o.offer.marketPrice)).toBe(true);
    expect(offers.some((o) => o.offer.stock === 0)).toBe(true);
    const idr = offers.filter((o) => o.local === 'id').map((o) => o.offer.salePrice);
    expect(idr.every((price) => price % 10_000 === 9_000)).toBe(true);
  });

  it('leaves some products out of some countries', () => {
    const missing = products.filter((p) => countries.some((local) => !p.commodities.some((c) => c.offers[local])));
    expect(missing.length).toBeGreaterThan(10);
    expect(products.every((p) => p.commodities.some((c) => Object.keys(c.offers).length > 0))).toBe(true);
  });

  it('labels TVs and appliances with energy info, phones and tablets with bundle labels, for EU countries', () => {
    expect(
      products.filter((p) => p.category === 'tvs' && p.subCategory === 'smart-tvs').every((p) => p.energyInfo),
    ).toBe(true);
    expect(products.some((p) => p.category === 'appliances' && p.energyInfo)).toBe(true);
    expect(
      products.filter((p) => p.category === 'phones' || p.category === 'tablets').every((p) => p.bundleLabels?.length),
    ).toBe(true);
    for (const p of products.filter((p) => p.energyInfo || p.bundleLabels))
      expect(p.labelCountries, p.id).toContain('de');
    expect(products.filter((p) => p.marketingTag).length).toBeGreaterThan(10);
  });

  it("words its labels in every language of the product copy, not in English for all (the EU's own terms)", () => {
    const texts = products.flatMap((p) => [
      ...(p.energyInfo ? [p.energyInfo.product_energy] : []),
      ...(p.bundleLabels ?? []).flatMap((label) => [
        label.title,
        label.energy.product_energy,
        label.durability.description,
      ]),
    ]);
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts)
      expect(Object.keys(text), text.en).toEqual(expect.arrayContaining([...requiredCatalogues]));
    expect(new Set(texts.map((text) => text.de))).toContain('Produktdatenblatt');
  });
});

describe('header-footer menus', () => {
  const items = Object.values(headerFooters).flatMap((hf) => hf.header.main);
  it('use every submenu style, both layouts and the poco menu', () => {
    expect([...new Set(items.map((i) => i.submenuStyle))].sort()).toEqual([1, 2, 3, 4]);
    expect([...new Set(items.map((i) => i.submenuLayout))].sort()).toEqual(['list', 'product']);
    expect(headerFooters['id']?.header.main.some((i) => i.type === 'poco')).toBe(true);
    expect(headerFooters['us']?.header.main.some((i) => i.type === 'poco')).toBe(false);
  });

  it('price cards in the country currency of products it sells, with labels only in the EU', () => {
    const id = headerFooters['id']!;
    const cards = id.header.main.flatMap((i) => i.children.flatMap((c) => c.products));
    expect(cards.length).toBeGreaterThan(20);
    for (const card of cards) {
      const product = products.find((p) => p.id === card.productId)!;
      const commodity = product.commodities.find((c) => c.commodityId === card.itemId)!;
      expect(commodity.offers['id']?.salePrice).toBe(card.salePrice);
      expect(card.salePriceIsEQ).toBe(card.salePrice === card.originPrice);
      expect(card.energyInfo).toBeUndefined();
    }
    const deCards = headerFooters['de']!.header.main.flatMap((i) => i.children.flatMap((c) => c.products));
    expect(deCards.some((c) => c.energyInfo) && deCards.some((c) => c.bundleLabels)).toBe(true);
  });

  it('carries the legal blocks the law asks: vn, kr company, co regulator, in/id compliance, kr: no subscribe', () => {
    expect(headerFooters['vn']?.footer.company?.details.map((d) => d.value).join(' ')).toContain('9:00-18:00');
    expect(headerFooters['kr']?.footer.company?.details.map((d) => d.label)).toEqual(
      expect.arrayContaining(['사업자등록번호', '통신판매업 신고번호']),
    );
    expect(headerFooters['co']?.footer.regulator?.imgUrl).toBe('/images/legal/regulator-co.svg');
    expect(headerFooters['in']?.footer.legal.complianceUrl).toBe('/in/certification/compliance/');
    expect(headerFooters['de']?.footer.legal.complianceUrl).toBeUndefined();
    expect(headerFooters['kr']?.footer.connect).toBeUndefined();
    expect(headerFooters['ae-ar']?.footer.connect?.placeholder).toBe('أدخل عنوان بريدك الإلكتروني');
  });
});

describe('pages', () => {
  it('cover the route table, with event countdowns; the legal documents come from content/legal', () => {
    const paths = pages.map((p) => p.path);
    for (const path of [
      '/',
      '/smart-home/',
      '/store/daily-picks/',
      '/about/company/',
      '/event/black-friday-2026/',
      '/appdownload/transfer/',
      '/phone/xiaomi-15t-pro/specs/',
    ])
      expect(paths, path).toContain(path);
    expect(paths).not.toContain('/support/policy/cookie-policy/');
    expect(pages.filter((p) => p.kind === 'event').some((p) => p.blocks.some((b) => b.type === 'countdown'))).toBe(
      true,
    );
    // Every kind of block is used by some page (the warranty check's block by /universal/warranty-check/).
    expect(new Set(pages.flatMap((p) => p.blocks.map((b) => b.type)))).toEqual(new Set(blockTypes));
  });
});
