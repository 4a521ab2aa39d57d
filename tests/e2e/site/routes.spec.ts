import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { offeredProduct } from './fixtures';

/** Concrete examples of every route of the route table, for the Indonesian storefront. */
function section2Paths(): string[] {
  const read = <T>(file: string): T =>
    JSON.parse(fs.readFileSync(path.resolve('content/snapshots', file), 'utf8')) as T;
  const faq = read<{ categories: { categoryNumber: number; items: { id: string; index: number }[] }[] }>(
    'support/faq.json',
  );
  const articles = read<{ articles: { articleId: string }[] }>('support/articles.json');
  const categories = read<{ categories: { id: string; subcategories: { path: string }[] }[] }>(
    'catalogue/categories.json',
  );
  const phone = offeredProduct('id').product;
  const firstFaq = faq.categories[0];
  const content = [
    '',
    'index',
    'index.html',
    'web/index',
    'smart-home',
    'life-style',
    'smart-office',
    'mobile',
    'wearables',
    'new-user',
    'store/partner',
    'store/carrier-deals',
    'store/xiaomi-store',
    'store/new-products',
    'store/daily-picks',
    'store/popup-ads',
    'categories/smartphones',
    'p/student-program',
    's/summer-sale',
    'phone',
    'phone/xiaomi-15t-pro',
    'phone/xiaomi-15t-pro/specs',
    'universal/warranty-check',
    'tablet',
    'watch-audio',
    'tv-smart-home',
    'about',
    'about/company',
    'after-sales',
    'contact',
    'declaration',
    'quick-start',
    'user-guide',
    'warranty',
    'trade-in',
    'trade-in-faqs',
  ];
  const events = [
    'event/new-year-2027',
    'poco',
    'web/store',
    'store',
    'appdownload',
    'appdownload/transfer',
    'blog/hyperos-3-tips',
  ];
  const support = [
    'support',
    'support/search',
    'support/phone',
    'support/smart-home',
    'support/smart-office',
    'support/lifestyle',
    'support/after-sales',
    'service-support',
    'support/terms/terms-of-use',
    'support/guidance',
    'support/policy',
    'support/faqs',
    'support/warranty',
    'support/documents/battery-safety',
    `support/faq/details/${firstFaq?.items[0]?.id}`,
    'support/faq',
    `support/faq/${firstFaq?.categoryNumber}/${firstFaq?.items[0]?.index}`,
    // service-progress, offline-form, aftersales/apply(/:id) and applylist: tests/e2e/widgets/aftersales.spec.ts and
    // support-desk.spec.ts.
    'support/terms-policy',
    `support/article/${articles.articles[0]?.articleId}`,
    'support/esim',
    'support/nfc-bank',
    'support/aftersales/applylist/feedback',
    'support/trade-in/order',
    'support/xiaomi-care',
    'support/hyperos',
    'support/user-guide-pdf/xiaomi-15t-pro',
    'support/scooter-safety-notice',
    'support/safety-notice',
  ];
  const catalogue = [
    'product-list',
    `product-list/${categories.categories[0]?.id}`,
    (categories.categories[0]?.subcategories[0]?.path ?? '').replace(/^\/|\/$/g, ''),
    // /search/{key}, /support/search/{key}, /compare, the store finder and spare-part prices:
    // tests/e2e/widgets/search-pages.spec.ts.
    'search',
    'sitemap',
    'select-location',
    'use-now',
    'user/points-center/exchange/details',
    'product/bundle',
    `product/bundle/${phone.id}`,
    `product/${phone.id}`,
    `product/${phone.id}/buy`,
    'product/buy',
    'item',
    `item/${phone.commodities[0]?.commodityId}`,
  ];
  const user = [
    // message, notification(-preferences) and reviewsappredirect: tests/e2e/widgets/messages.spec.ts and
    // reviews.spec.ts.
    'user',
    'user/address',
    'user/mi-club',
    'user/message/7',
    'user/coupon',
    'user/coupon/available',
    'user/coupon/available/ABC123',
    'user/fcode',
    'user/f-code',
    'user/voucher',
    'user/miexchange',
  ];
  const purchase = [
    'cart',
    'checkout',
    'checkout/gray',
    'checkout-again',
    'checkout-again/gray',
    'buy/card-payment',
    'buy/payment',
    'payment-successful',
    'payment-successful/5100123',
    'payment-result',
    'payment-result/5100123',
    'payment-completed',
    'payment-link',
    'payment-jump',
    'split-payment-details',
    'split-payment-details/5100123',
    'split-payment-details/bank-transfer-details',
    'buy/refurbished',
  ];
  const business = [
    'business',
    'business/checkout',
    'business/checkout-again',
    'business/search',
    'business/search/tv',
    'business/cart',
  ];
  const other = [
    // misc/unsubscribe and comment/postreview, /myreview: tests/e2e/widgets/messages.spec.ts and reviews.spec.ts.
    'comment/postadditionreview',
    'comment/detail',
    'regulatoryinfo/subtel',
    'certification/compliance',
    'chat',
    'error',
    'public/header-footer',
    'static/toshare',
    'app/cart',
    `ios/product/${phone.id}`,
  ];
  return [...content, ...events, ...support, ...catalogue, ...user, ...purchase, ...business, ...other].map((p) =>
    p === 'index.html' ? '/id/index.html' : `/id/${p}${p ? '/' : ''}`,
  );
}

test('every route of the route table answers with a page of the Indonesian storefront', async ({ request }) => {
  const failures: string[] = [];
  for (const url of section2Paths()) {
    const response = await request.get(url, { maxRedirects: 0 });
    const html = await response.text();
    if (response.status() !== 200 || !html.includes('lang="id-ID"')) failures.push(`${url} → ${response.status()}`);
  }
  expect(failures).toEqual([]);
});
