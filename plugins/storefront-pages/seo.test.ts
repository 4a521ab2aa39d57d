import { describe, expect, it } from 'vitest';
import { getStorefront } from '../../region-config';
import { buildSeo, faqPageJsonLd, productJsonLd } from './seo';
import { storefrontContext } from './storefront-context';
import type { ProductView } from '../../src/template-data';

const beFr = getStorefront('be-fr');
const beNl = getStorefront('be-nl');
if (!beFr || !beNl) throw new Error('be storefronts missing');
const context = storefrontContext(beFr, 'fr');

describe('buildSeo', () => {
  const seo = buildSeo({ storefront: context, variants: [beFr, beNl], relativePath: '/cart/', title: 'Panier', description: 'Votre panier', breadcrumbs: [] });

  it('makes the canonical and every language variant absolute, plus x-default on the default language', () => {
    expect(seo.canonical).toMatch(/^https?:\/\/[^/]+\/be-fr\/cart\/$/);
    expect(seo.alternates.map((a) => a.hreflang)).toEqual(['fr-BE', 'nl-BE', 'x-default']);
    expect(seo.alternates.find((a) => a.hreflang === 'nl-BE')?.href).toMatch(/\/be-nl\/cart\/$/);
    expect(seo.alternates.find((a) => a.hreflang === 'x-default')?.href).toMatch(/\/be-fr\/cart\/$/);
  });

  it('names the site after the page title, and the page after the site on the home', () => {
    expect(seo.title).toBe(`Panier | ${context.siteName}`);
    const home = buildSeo({ storefront: context, variants: [beFr], relativePath: '/', title: 'Boutique officielle', description: 'd', breadcrumbs: [] });
    expect(home.title).toBe(`${context.siteName} | Boutique officielle`);
  });

  it('points duplicates at their canonical page and drops hreflang on noindex pages', () => {
    const alias = buildSeo({ storefront: context, variants: [beFr], relativePath: '/item/1/', title: 't', description: 'd', breadcrumbs: [], canonicalRelativePath: '/product/x/' });
    expect(alias.canonical).toMatch(/\/be-fr\/product\/x\/$/);
    const personal = buildSeo({ storefront: context, variants: [beFr], relativePath: '/user/', title: 't', description: 'd', breadcrumbs: [], noindex: true });
    expect(personal.noindex).toBe(true);
    expect(personal.alternates).toEqual([]);
  });

  it('always carries the Organization and a BreadcrumbList when there is a trail', () => {
    const withTrail = buildSeo({ storefront: context, variants: [beFr], relativePath: '/a/', title: 't', description: 'd', breadcrumbs: [{ name: 'Accueil', path: '/be-fr/' }, { name: 'A', path: '/be-fr/a/' }] });
    expect(withTrail.jsonLd.map((j) => (j as { '@type': string })['@type'])).toEqual(['Organization', 'BreadcrumbList']);
  });
});

describe('JSON-LD', () => {
  it('offers each commodity in the storefront currency with its availability', () => {
    const product = {
      name: 'Redmi Pad 2', tagline: 't', image: '/images/products/redmi-pad-2.svg', category: 'tablets',
      commodities: [
        { commodityId: '10001', goodsId: '1', firstSpecValue: '4GB+128GB', secondSpecValue: 'Grey', salePrice: 199.9, marketPrice: 229.9, stock: 3 },
        { commodityId: '10002', goodsId: '2', firstSpecValue: '8GB+256GB', secondSpecValue: 'Grey', salePrice: 259.9, marketPrice: 259.9, stock: 0 },
        { commodityId: '10003', goodsId: '3', firstSpecValue: '8GB+256GB', secondSpecValue: 'Blue', salePrice: null, marketPrice: null, stock: 0 },
      ],
    } as unknown as ProductView;
    const ld = productJsonLd(product, context, 'http://x/be-fr/product/redmi-pad-2/') as { offers: { priceCurrency: string; availability: string; price: number }[] };
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers.every((o) => o.priceCurrency === 'EUR')).toBe(true);
    expect(ld.offers.map((o) => o.availability)).toEqual(['https://schema.org/InStock', 'https://schema.org/OutOfStock']);
  });

  it('builds a FAQPage of questions and answers', () => {
    const ld = faqPageJsonLd([{ question: 'Q?', answer: ['A1', 'A2'] }]) as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(ld.mainEntity[0]).toMatchObject({ name: 'Q?', acceptedAnswer: { text: 'A1\n\nA2' } });
  });
});
