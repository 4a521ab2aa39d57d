import fs from 'fs';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { processStorefrontHtml } from './process-html';
import { injectWidgets, widgetHosts } from './inject-widgets';
import { robotsTxt, sitemapIndex, storefrontSitemap } from './sitemaps';
import { stripGatsbyRuntime } from './strip-gatsby-runtime';

const gatsbyPage = `<!DOCTYPE html><html><head><link as="script" rel="preload" href="/webpack-runtime-1.js"/><link as="fetch" rel="preload" href="/page-data/id/page-data.json" crossorigin="anonymous"/><script type="application/ld+json">{"@type":"Organization"}</script></head><body><div id="___gatsby"><main>Hi</main></div><script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/id/";/*]]>*/</script><script src="/app-2.js" async></script></body></html>`;

describe('stripGatsbyRuntime', () => {
  it('removes Gatsby scripts and preloads but keeps JSON-LD and content', () => {
    const html = stripGatsbyRuntime(gatsbyPage);
    expect(html).not.toMatch(/webpack-runtime|page-data|gatsby-script-loader|app-2\.js/);
    expect(html).toContain('application/ld+json');
    expect(html).toContain('<main>Hi</main>');
  });
});

describe('injectWidgets', () => {
  const manifest = { runtime: '/_widgets/runtime.abc.js', widgets: { cart: '/_widgets/cart.def.js', consent: '/_widgets/consent.123.js' } };

  it('leaves a page without hosts without JavaScript', () => {
    expect(injectWidgets('<html><head></head><body>x</body></html>', manifest)).toBe('<html><head></head><body>x</body></html>');
  });

  it('adds the runtime once and preloads eager widgets only', () => {
    const page = `<html><head></head><body><store-widget name="cart" load="eager" props="{}"></store-widget><store-widget name="consent" load="idle" props="{}"></store-widget></body></html>`;
    const html = injectWidgets(page, manifest);
    expect(html.match(/runtime\.abc\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="modulepreload" href="/_widgets/cart.def.js" fetchpriority="low">');
    expect(html).not.toContain('consent.123.js');
    expect(widgetHosts(page)).toEqual([{ name: 'cart', load: 'eager' }, { name: 'consent', load: 'idle' }]);
  });
});

describe('sitemaps', () => {
  it('lists pages with hreflang alternates and escapes URLs', () => {
    const xml = storefrontSitemap([{ path: '/be-fr/a&b/', alternates: [{ hreflang: 'nl-BE', href: 'http://x/be-nl/a&b/' }] }], '2026-11-22');
    expect(xml).toContain('/be-fr/a&amp;b/</loc>');
    expect(xml).toContain('hreflang="nl-BE" href="http://x/be-nl/a&amp;b/"');
  });

  it('indexes storefront sitemaps and points robots.txt at the index', () => {
    expect(sitemapIndex(['id', 'de'], '2026-11-22')).toMatch(/<loc>[^<]*\/id\/sitemap\.xml<\/loc>[\s\S]*\/de\/sitemap\.xml/);
    const robots = robotsTxt(['id']);
    expect(robots).toContain('Disallow: /id/cart/');
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });
});

describe('processStorefrontHtml', () => {
  it('removes the NUL bytes Gatsby leaves in stitched multi-byte text and adds the runtime where hosts are', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'html-'));
    fs.mkdirSync(path.join(dir, 'a'));
    fs.writeFileSync(path.join(dir, 'a', 'index.html'), '<html><head></head><body><p>쿠키 정\u0000\u0000책</p><store-widget name="cart" load="idle" props="{}"></store-widget></body></html>');
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body><p>الأك\u0000ثر</p></body></html>');
    const stats = processStorefrontHtml(dir, { runtime: '/_widgets/runtime.x.js', widgets: {} });
    expect(stats).toEqual({ files: 2, withWidgets: 1 });
    expect(fs.readFileSync(path.join(dir, 'a', 'index.html'), 'utf8')).toContain('<p>쿠키 정책</p>');
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<html><head></head><body><p>الأكثر</p></body></html>');
  });
});
