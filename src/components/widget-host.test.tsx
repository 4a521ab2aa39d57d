import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { storefront } from '../testing/fixtures';
import { WidgetHost } from './widget-host';
import { WIDGET_NAMES } from '../../widgets/contract';
import { fixedRoutes } from '../../plugins/storefront-pages/route-table';
import { CatalogueContext, widgetStrings } from './widget-strings';

function attribute(html: string, name: string): string {
  const match = new RegExp(`${name}="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no ${name} attribute in ${html}`);
  // Undo HTML attribute escaping the way a browser's getAttribute would.
  return match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('WidgetHost', () => {
  it('renders name, load, JSON props with the storefront base props, and the fallback', () => {
    const html = renderToStaticMarkup(
      <WidgetHost name="cart-count" load="idle" storefront={storefront()} props={{ cartHref: '/id/cart/' }}>
        <a href="/id/cart/">Cart</a>
      </WidgetHost>,
    );
    expect(html).toMatch(
      /^<store-widget name="cart-count" load="idle" props="[^"]*"><a href="\/id\/cart\/">Cart<\/a><\/store-widget>$/,
    );
    expect(JSON.parse(attribute(html, 'props'))).toEqual({
      local: 'id',
      urlLocal: 'id',
      api: '/api/id',
      cartHref: '/id/cart/',
    });
  });

  it('escapes props so that data cannot close the attribute or the element', () => {
    const evil = `"' ></store-widget><script>alert(1)</script>&amp;`;
    const html = renderToStaticMarkup(
      <WidgetHost name="share" load="visible" storefront={storefront()} props={{ title: evil }} />,
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('</store-widget><');
    expect(html.match(/"/g)).toHaveLength(6); // only the three attributes' own quotes
    expect(JSON.parse(attribute(html, 'props')).title).toBe(evil);
  });

  it("passes the widget its strings from the catalogue, in the widgets' placeholder style", () => {
    const html = renderToStaticMarkup(
      <CatalogueContext.Provider value={{ 'header.cartCount': 'Cart, {{count}} items', 'footer.sitemap': 'Sitemap' }}>
        <WidgetHost name="cart-count" load="idle" storefront={storefront()} />
      </CatalogueContext.Provider>,
    );
    expect(JSON.parse(attribute(html, 'props')).strings).toEqual({ 'header.cartCount': 'Cart, {count} items' });
  });

  it('sends no strings without a catalogue or without matching keys', () => {
    expect(widgetStrings('mega-menu', { a: 'b' })).toBeUndefined();
    expect(widgetStrings('consent', undefined)).toBeUndefined();
  });

  it('every widget page of the route table names a widget of the contract (its props are checked by tsc)', () => {
    for (const route of fixedRoutes) if (route.widget) expect(WIDGET_NAMES, route.id).toContain(route.widget.name);
  });
});
