import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SeoContext } from '../page-context';
import { storefront } from '../testing/fixtures';
import { serializeJsonLd } from './json-ld';
import { htmlAttributes, SeoHead } from './seo-head';

const seo: SeoContext = {
  title: 'Redmi Note 14 Pro | Mi Store Indonesia',
  description: 'Buy the Redmi Note 14 Pro.',
  canonical: 'https://store.example/id/product/redmi-note-14-pro/',
  imageUrl: 'https://store.example/images/products/redmi-note-14-pro.svg',
  imageAlt: 'Redmi Note 14 Pro',
  ogType: 'product',
  noindex: false,
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Product', name: 'Redmi </script><script>alert(1)</script>' }],
};

function render(overrides: Partial<SeoContext> = {}, sf = storefront()): string {
  return renderToStaticMarkup(<SeoHead pageContext={{ storefront: sf, seo: { ...seo, ...overrides } }} />);
}

describe('serializeJsonLd', () => {
  it('escapes < so the data cannot close the script, and stays valid JSON', () => {
    const value = { name: '</script><!-- & \u2028' };
    const text = serializeJsonLd(value);
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('SeoHead', () => {
  it("gives <html> the storefront's language and direction", () => {
    expect(htmlAttributes(storefront({ urlLocal: 'ae-ar', local: 'ae', lang: 'ar-AE', dir: 'rtl' }))).toEqual({
      lang: 'ar-AE',
      dir: 'rtl',
    });
    expect(htmlAttributes(storefront())).toEqual({ lang: storefront().lang, dir: 'ltr' });
  });

  it('renders title, description and canonical, and no hreflang (the sitemaps carry the clusters)', () => {
    const html = render({}, storefront({ urlLocal: 'ae-ar', local: 'ae', lang: 'ar-AE', dir: 'rtl' }));
    expect(html).not.toContain('<html');
    expect(html).toContain('<title>Redmi Note 14 Pro | Mi Store Indonesia</title>');
    expect(html).toContain('<meta name="description" content="Buy the Redmi Note 14 Pro."/>');
    expect(html).toContain('<link rel="canonical" href="https://store.example/id/product/redmi-note-14-pro/"/>');
    expect(html).not.toMatch(/hreflang/i);
    expect(html).toContain('<meta property="og:locale" content="ar_AE"/>');
  });

  it('renders Open Graph and Twitter tags', () => {
    const html = render();
    for (const tag of [
      'og:title',
      'og:description',
      'og:url',
      'og:image',
      'og:image:alt',
      'og:type',
      'og:locale',
      'og:site_name',
    ]) {
      expect(html).toContain(`<meta property="${tag}"`);
    }
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('adds robots noindex only when asked, and then names no canonical (a canonical target is indexable)', () => {
    expect(render()).not.toContain('robots');
    const noindex = render({ noindex: true });
    expect(noindex).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(noindex).not.toContain('rel="canonical"');
    expect(noindex).toContain(
      '<meta property="og:url" content="https://store.example/id/product/redmi-note-14-pro/"/>',
    );
  });

  it('renders each JSON-LD object in its own script, with < escaped', () => {
    const html = render({ jsonLd: [...seo.jsonLd, { '@type': 'BreadcrumbList' }] });
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
    expect(html).not.toContain('</script><script>alert');
    const first = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(first).name).toBe('Redmi </script><script>alert(1)</script>');
  });
});
