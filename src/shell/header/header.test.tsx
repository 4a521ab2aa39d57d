import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headerFooter, shell, storefront, t } from '../../testing/fixtures';
import { Header, navigationVersion } from './header';
import { HeaderPanels } from './header-panels';

const storeNavigation = {
  whatIsNew: [
    { title: 'New products', icon: '/images/icons/new.svg', gotoUrl: '/id/store/new-products/', type: 'new-products' },
  ],
  keyEvents: [],
  discountPrograms: [],
  eventProducts: [],
};

describe('Header', () => {
  it('takes the navigation version from the data, else from the site', () => {
    expect(
      navigationVersion(
        shell({
          headerFooter: headerFooter({ navigationVersion: 'v0' }),
          storefront: storefront({ navigationVersion: 'v2' }),
        }),
      ),
    ).toBe('v0');
    expect(navigationVersion(shell({ headerFooter: headerFooter({ navigationVersion: 'v1' }) }))).toBe('v1');
  });

  it('renders the legacy header for v0: desktop mega-menu plus the mobile slide menu', () => {
    const html = renderToStaticMarkup(
      <Header
        shell={shell({
          headerFooter: headerFooter({ navigationVersion: 'v0' }),
          storefront: storefront({ hasPoco: false }),
        })}
        t={t}
      />,
    );
    expect(html).toMatch(/^<header class="header header--v0">/);
    expect(html).toContain('data-mega-menu=""');
    expect(html).toContain('<store-widget name="slide-menu" load="interaction"');
    expect(html).toContain(
      '<div class="slide" id="slide-menu-id" data-slide-menu="" data-header-part="slide-menu" hidden=""></div>',
    );
    expect(html).toContain(
      '<a class="icon-button slide__toggle" href="/id/sitemap/" data-slide-toggle="" ' +
        'aria-controls="slide-menu-id" aria-expanded="false">',
    );
  });

  it('renders the new header for v1/v2 without a slide menu, with the poco breakpoint class and the store menu', () => {
    const html = renderToStaticMarkup(
      <Header shell={shell({ headerFooter: headerFooter({ storeNavigation }) })} t={t} />,
    );
    expect(html).toMatch(/^<header class="header header--v2 shell--poco">/);
    expect(html).not.toContain('data-slide-menu');
    expect(html).toContain('<li class="mega__item mega__item--store" data-mega-item="">');
    expect(html).toContain(
      '<div class="mega__panel mega__panel--list" id="mega-store-panel" data-mega-panel="" ' +
        'data-header-part="mega-store-panel /id/store/" hidden=""></div>',
    );
    expect(html).not.toContain('href="/id/store/new-products/"');
  });

  it('has the header widget hosts with static fallbacks: search form, sign-in link, cart link', () => {
    const html = renderToStaticMarkup(<Header shell={shell()} t={t} />);
    expect(html).toMatch(
      /<store-widget name="search" load="interaction" props="[^"]*" class="header__search"><form class="search-form search-form--header" role="search" aria-label="header.search" method="get" action="\/id\/search\/">/,
    );
    expect(html).toMatch(
      /<store-widget name="header-user" load="idle" props="[^"]*"><a class="icon-button" href="\/api\/id\/site\/login">/,
    );
    expect(html).toMatch(
      /<store-widget name="cart-count" load="idle" props="[^"]*"><a class="icon-button" href="\/id\/cart\/">/,
    );
    expect(html).toContain('<p class="notice"><a href="/id/event/shipping/">Free shipping</a></p>');
    expect(html).toContain(
      '<div class="desktop-only"><ul class="header__aside" role="list"><li><a ' +
        'href="/id/business/">Business</a></li></ul></div>',
    );
  });

  it("draws each panel once in the storefront's panels file, under the part name of its empty box in the page", () => {
    for (const version of ['v0', 'v2'] as const) {
      const data = shell({ headerFooter: headerFooter({ navigationVersion: version, storeNavigation }) });
      const page = renderToStaticMarkup(<Header shell={data} t={t} />);
      const panels = renderToStaticMarkup(<HeaderPanels shell={data} t={t} styles=".mega__panel{position:absolute}" />);
      const parts = (html: string) => [...html.matchAll(/data-header-part="([^"]+)"/g)].map((m) => m[1]);
      expect(parts(page).length).toBeGreaterThan(2);
      expect(parts(panels).sort()).toEqual(parts(page).sort());
      expect(panels).toMatch(
        /^<html lang="id-ID" dir="ltr"><head><meta charSet="utf-8"\/><meta name="robots" content="noindex"\/><title>[^<]*<\/title><style data-header-panels="">.mega__panel{position:absolute}<\/style><\/head>/,
      );
      // The page's boxes are empty: the products and the 60 storefronts are only in the panels file.
      expect(page).not.toContain('/id/product/redmi-note-14-pro/');
      expect(panels).toContain('/id/product/redmi-note-14-pro/');
    }
  });
});
