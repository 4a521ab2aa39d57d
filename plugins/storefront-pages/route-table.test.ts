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
