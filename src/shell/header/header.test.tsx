import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headerFooter, shell, storefront, t } from '../../testing/fixtures';
import { Header, navigationVersion } from './header';

const storeNavigation = {
  whatIsNew: [{ title: 'New products', icon: '/images/icons/new.svg', gotoUrl: '/id/store/new-products/', type: 'new-products' }],
  keyEvents: [],
  discountPrograms: [],
  eventProducts: [],
};

describe('Header', () => {
  it('takes the navigation version from the data, else from the site', () => {
    expect(navigationVersion(shell({ headerFooter: headerFooter({ navigationVersion: 'v0' }), storefront: storefront({ navigationVersion: 'v2' }) }))).toBe('v0');
    expect(navigationVersion(shell({ headerFooter: headerFooter({ navigationVersion: 'v1' }) }))).toBe('v1');
  });

  it('renders the legacy header for v0: desktop mega-menu plus the mobile slide menu', () => {
    const html = renderToStaticMarkup(<Header shell={shell({ headerFooter: headerFooter({ navigationVersion: 'v0' }), storefront: storefront({ hasPoco: false }) })} t={t} />);
    expect(html).toMatch(/^<header class="header header--v0">/);
    expect(html).toContain('data-mega-menu=""');
    expect(html).toContain('<store-widget name="slide-menu" load="interaction"');
    expect(html).toContain('<div class="slide" id="slide-menu-id" data-slide-menu="" hidden="">');
    expect(html).toContain('<a class="icon-button slide__toggle" href="/id/sitemap/" data-slide-toggle="" aria-controls="slide-menu-id" aria-expanded="false">');
  });

  it('renders the new header for v1/v2 without a slide menu, with the poco breakpoint class and the store menu', () => {
    const html = renderToStaticMarkup(<Header shell={shell({ headerFooter: headerFooter({ storeNavigation }) })} t={t} />);
    expect(html).toMatch(/^<header class="header header--v2 shell--poco">/);
    expect(html).not.toContain('data-slide-menu');
    expect(html).toContain('<li class="mega__item mega__item--store" data-mega-item="">');
    expect(html).toContain('href="/id/store/new-products/"');
  });

  it('has the header widget hosts with static fallbacks: search form, sign-in link, cart link', () => {
    const html = renderToStaticMarkup(<Header shell={shell()} t={t} />);
    expect(html).toMatch(/<store-widget name="search" load="interaction" props="[^"]*" class="header__search"><form class="search-form search-form--header" role="search" aria-label="header.search" method="get" action="\/id\/search\/">/);
    expect(html).toMatch(/<store-widget name="header-user" load="idle" props="[^"]*"><a class="icon-button" href="\/api\/id\/site\/login">/);
    expect(html).toMatch(/<store-widget name="cart-count" load="idle" props="[^"]*"><a class="icon-button" href="\/id\/cart\/">/);
    expect(html).toContain('<p class="notice"><a href="/id/event/shipping/">Free shipping</a></p>');
    expect(html).toContain('<div class="desktop-only"><ul class="header__aside" role="list"><li><a href="/id/business/">Business</a></li></ul></div>');
  });
});
