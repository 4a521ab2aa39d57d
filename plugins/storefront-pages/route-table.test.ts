import { describe, expect, it } from 'vitest';
import { loadTranslations } from '../../content/load';
import { fixedRoutes } from './route-table';

describe('route table', () => {
  it("words every route's title and description in the en, id, de, fr, es and ar catalogues, not just English", () => {
    const catalogues = loadTranslations();
    const missing = ['en', 'id', 'de', 'fr', 'es', 'ar'].flatMap((code) =>
      fixedRoutes.flatMap((route) =>
        ['title', 'description']
          .filter((part) => !catalogues[code]?.[`page.${route.id}.${part}`]?.trim())
          .map((part) => `${code} page.${route.id}.${part}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('gives every route a unique id and path', () => {
    const ids = fixedRoutes.map((r) => r.id);
    const paths = fixedRoutes.map((r) => r.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('holds the fixed routes of the route table', () => {
    const paths = new Set(fixedRoutes.map((r) => r.path));
    const section2 = [
      '/product-list',
      '/search',
      '/compare',
      '/sitemap',
      '/select-location',
      '/store/xiaomi-store/detail',
      '/use-now',
      '/user/points-center/exchange/details',
      '/product/bundle',
      '/product/buy',
      '/item',
      '/support',
      '/support/search',
      '/service-support',
      '/support/faq',
      '/support/service-progress',
      '/support/offline-form',
      '/support/aftersales/apply',
      '/support/aftersales/applylist',
      '/support/aftersales/applylist/feedback',
      '/support/trade-in/order',
      '/user',
      '/user/address',
      '/user/mi-club',
      '/user/message',
      '/user/notification-preferences',
      '/user/profile',
      '/user/notification',
      '/user/coupon',
      '/user/fcode',
      '/user/f-code',
      '/user/voucher',
      '/user/reviewsappredirect',
      '/user/miexchange',
      '/cart',
      '/checkout',
      '/checkout/gray',
      '/checkout-again',
      '/checkout-again/gray',
      '/buy/card-payment',
      '/buy/payment',
      '/payment-successful',
      '/payment-result',
      '/payment-completed',
      '/payment-link',
      '/payment-jump',
      '/split-payment-details',
      '/split-payment-details/bank-transfer-details',
      '/buy/refurbished',
      '/business',
      '/business/checkout',
      '/business/checkout-again',
      '/business/search',
      '/business/cart',
      '/misc/unsubscribe',
      '/comment/postreview',
      '/comment/postadditionreview',
      '/comment/myreview',
      '/comment/detail',
      '/chat',
      '/error',
      '/public/header-footer',
      '/static/toshare',
    ];
    expect(section2.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('serves run-time parameters as client routes of a built page', () => {
    const clientRoutes = fixedRoutes.flatMap((r) => r.clientRoutes ?? []);
    expect(clientRoutes).toEqual(
      expect.arrayContaining([
        '/user/message/:id',
        '/payment-result/:id',
        '/split-payment-details/:orderId',
        '/search/:key',
      ]),
    );
  });

  it('keeps personal and payment pages out of search engines', () => {
    for (const id of ['cart', 'checkout', 'user', 'user-address', 'payment-result', 'error']) {
      expect(fixedRoutes.find((r) => r.id === id)?.noindex, id).toBe(true);
    }
  });

  it('points duplicate routes at their canonical page', () => {
    for (const route of fixedRoutes.filter((r) => r.canonicalOf)) {
      expect(
        fixedRoutes.some((r) => r.path === route.canonicalOf),
        route.id,
      ).toBe(true);
    }
  });
});

describe('the routes of the apps’ webviews', () => {
  const inApp = (id: string) => fixedRoutes.find((r) => r.id === id)?.app === true;

  it('builds the support index, its areas and tools, the account, reviews, purchase and catalogue for the apps', () => {
    const app = [
      // Support: the apps' support tab and what it opens.
      'support',
      'service-support',
      'support-search',
      'faq',
      'spare-parts-price',
      'service-progress',
      'offline-form',
      'service-centre',
      'user-my-request',
      'aftersales-apply',
      'aftersales-applylist',
      'aftersales-feedback',
      'trade-in',
      'trade-in-order',
      'grievance-redressal',
      // Account and reviews: the page the apps open after a review, and every section of the account.
      'user-reviews-app-redirect',
      'user',
      'user-mi-club',
      'user-notification-preferences',
      'user-notification',
      'user-data',
      'user-student',
      'user-fcode',
      'user-voucher',
      'user-miexchange',
      'user-my-device',
      'use-now',
      'points-exchange-details',
      'comment-postreview',
      'comment-myreview',
      'comment-detail',
      // Catalogue, stores and purchase.
      'product-list',
      'search',
      'compare',
      'product-bundle',
      'buy-refurbished',
      'store-detail',
      'cart',
      'checkout',
      'payment-jump',
      'payment-completed',
      'split-payment-details',
      'bank-transfer-details',
      'chat',
      'error',
      'offline',
    ];
    expect(app.filter((id) => !inApp(id))).toEqual([]);
  });

  it('keeps the pages that only make sense on the website, and aliases, out of the apps', () => {
    const webOnly = [
      'sitemap',
      'select-location',
      'header-footer',
      'share-landing',
      'unsubscribe',
      'payment-link',
      'support-ticket',
      'support-console',
      'release-console',
      'business',
      'business-account',
      'business-checkout',
      'business-checkout-again',
      'business-search',
      'business-cart',
    ];
    expect(webOnly.filter(inApp)).toEqual([]);
    // An alias's page has its own app variant; the alias itself is an old or grey-release address of the web.
    expect(fixedRoutes.filter((r) => r.canonicalOf && r.app).map((r) => r.id)).toEqual([]);
  });
});
