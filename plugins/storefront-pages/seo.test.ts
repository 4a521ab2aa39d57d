import { describe, expect, it } from 'vitest';
import { getStorefront } from '../../region-config';
import {
  buildSeo,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  faqPageJsonLd,
  joinSentences,
  metaDescription,
  productJsonLd,
} from './seo';
import { storefrontContext } from './storefront-context';
import type { ProductView } from '../../src/template-data';

const beFr = getStorefront('be-fr');
if (!beFr) throw new Error('be-fr storefront missing');
const context = storefrontContext(beFr, 'fr');

describe('buildSeo', () => {
  const seo = buildSeo({
    storefront: context,
    relativePath: '/cart/',
    title: 'Panier',
    description: 'Votre panier',
    breadcrumbs: [],
  });

  it('makes the canonical absolute and carries no hreflang (the clusters are in the sitemaps)', () => {
    expect(seo.canonical).toMatch(/^https?:\/\/[^/]+\/be-fr\/cart\/$/);
    expect(Object.keys(seo)).not.toContain('alternates');
  });

  it('completes a short description with the storefront-language filler', () => {
    const short = buildSeo({
      storefront: context,
      relativePath: '/chat/',
      title: 't',
      description: 'Discutez avec nous.',
      descriptionFiller:
        'Mi Store Belgique : boutique officielle, produits authentiques, paiement sécurisé et livraison.',
      breadcrumbs: [],
    });
    expect(short.description).toBe(
      'Discutez avec nous. Mi Store Belgique : boutique officielle, produits authentiques, paiement ' +
        'sécurisé et livraison.',
    );
  });

  it('names the site after the page title, and the page after the site on the home', () => {
    expect(seo.title).toBe(`Panier | ${context.siteName}`);
    const home = buildSeo({
      storefront: context,
      relativePath: '/',
      title: 'Boutique officielle',
      description: 'd',
      breadcrumbs: [],
    });
    expect(home.title).toBe(`${context.siteName} | Boutique officielle`);
  });

  it('points duplicates at their canonical page and drops hreflang on noindex pages', () => {
    const alias = buildSeo({
      storefront: context,
      relativePath: '/item/1/',
      title: 't',
      description: 'd',
      breadcrumbs: [],
      canonicalRelativePath: '/product/x/',
    });
    expect(alias.canonical).toMatch(/\/be-fr\/product\/x\/$/);
    const personal = buildSeo({
      storefront: context,
      relativePath: '/user/',
      title: 't',
      description: 'd',
      breadcrumbs: [],
      noindex: true,
    });
    expect(personal.noindex).toBe(true);
  });

  it('always carries the Organization and a BreadcrumbList when there is a trail', () => {
    const withTrail = buildSeo({
      storefront: context,
      relativePath: '/a/',
      title: 't',
      description: 'd',
      breadcrumbs: [
        { name: 'Accueil', path: '/be-fr/' },
        { name: 'A', path: '/be-fr/a/' },
      ],
    });
    expect(withTrail.jsonLd.map((j) => (j as { '@type': string })['@type'])).toEqual([
      'Organization',
      'BreadcrumbList',
    ]);
  });
});

describe('metaDescription', () => {
  const filler = 'Mi Store Deutschland: offizieller Shop mit Originalprodukten, sicherer Zahlung und Lieferung.';
  const length = (text: string) => [...text].length;

  it('keeps a description of 50 to 160 characters as it is, spaces collapsed', () => {
    const text = 'Alles über Reparatur, Garantie, Rückgabe und Ersatzteile für Ihr Gerät.';
    expect(metaDescription(`  ${text.replace(' ', '  ')} `, filler)).toBe(text);
  });

  it('adds the filler to a short one, and uses the filler alone for an empty one', () => {
    expect(metaDescription('Chatten Sie mit uns.', filler)).toBe(`Chatten Sie mit uns. ${filler}`);
    expect(metaDescription('', filler)).toBe(filler);
    expect(metaDescription('Kurz.')).toBe('Kurz.');
  });

  it('cuts a long one at a word boundary with an ellipsis, counting code points', () => {
    const long = `${'Wort '.repeat(40)}Ende.`;
    const cut = metaDescription(long, filler);
    expect(length(cut)).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut).toMatch(/Wort…$/);
    const thai = 'ก'.repeat(300);
    expect(length(metaDescription(thai))).toBe(DESCRIPTION_MAX);
    expect(length(metaDescription(`Kurz. ${'x'.repeat(200)}`, filler))).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
  });
});

describe('joinSentences', () => {
  it('ends each part with one full stop, keeping the punctuation a part already has', () => {
    expect(joinSentences('Xiaomi 15T: Leica. Gemacht für jeden Moment.', 'Ein Telefon', '')).toBe(
      'Xiaomi 15T: Leica. Gemacht für jeden Moment. Ein Telefon.',
    );
    expect(joinSentences('小米 15T：徕卡影像。', '全新设计')).toBe('小米 15T：徕卡影像。 全新设计。');
    expect(joinSentences('هل تحتاج مساعدة؟')).toBe('هل تحتاج مساعدة؟');
  });
});

describe('JSON-LD', () => {
  it('offers each commodity in the storefront currency with its availability', () => {
    const product = {
      name: 'Redmi Pad 2',
      tagline: 't',
      image: '/images/products/redmi-pad-2.svg',
      category: 'tablets',
      commodities: [
        {
          commodityId: '10001',
          goodsId: '1',
          firstSpecValue: '4GB+128GB',
          secondSpecValue: 'Grey',
          salePrice: 199.9,
          marketPrice: 229.9,
          stock: 3,
        },
        {
          commodityId: '10002',
          goodsId: '2',
          firstSpecValue: '8GB+256GB',
          secondSpecValue: 'Grey',
          salePrice: 259.9,
          marketPrice: 259.9,
          stock: 0,
        },
        {
          commodityId: '10003',
          goodsId: '3',
          firstSpecValue: '8GB+256GB',
          secondSpecValue: 'Blue',
          salePrice: null,
          marketPrice: null,
          stock: 0,
        },
      ],
    } as unknown as ProductView;
    const ld = productJsonLd(product, context, 'http://x/be-fr/product/redmi-pad-2/') as {
      offers: { priceCurrency: string; availability: string; price: number }[];
    };
    expect(ld.offers).toHaveLength(2);
    expect(ld.offers.every((o) => o.priceCurrency === 'EUR')).toBe(true);
    expect(ld.offers.map((o) => o.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/OutOfStock',
    ]);
  });

  it('builds a FAQPage of questions and answers', () => {
    const ld = faqPageJsonLd([{ question: 'Q?', answer: ['A1', 'A2'] }]) as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(ld.mainEntity[0]).toMatchObject({ name: 'Q?', acceptedAnswer: { text: 'A1\n\nA2' } });
  });
});
