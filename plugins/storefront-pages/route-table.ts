/**
 * The route table, as data: every fixed route a storefront has, relative to its prefix. Routes whose
 * parameters come from content (products, pages, FAQ, articles, categories) are expanded in create-pages.ts;
 * routes whose parameters only exist at run time (an order id, a message id) are client routes: the build
 * writes their patterns to public/_routes.json so the server (or a CDN rewrite) serves the route's page.
 */
import type { TemplateName } from '../../src/page-context';
import {
  PUBLIC_USER_SECTIONS,
  type CheckoutScreen,
  type SupportDeskScreen,
  type UserSection,
  type WidgetMount,
} from '../../widgets/contract';

/** A page whose main content is an island: a typed mount of widgets/contract.ts, and whether it needs sign-in. */
export type WidgetRoute = WidgetMount & { requiresSignIn?: boolean };

export interface FixedRoute {
  id: string;
  path: string; // relative to the storefront, no trailing slash ('' is the home)
  template: TemplateName;
  // Its title and description are the catalogue texts page.<id>.title and page.<id>.description.
  widget?: WidgetRoute;
  /** Also built under {prefix}/app and {prefix}/ios for the native apps' webviews. */
  app?: boolean;
  /** Kept out of search engines and the XML sitemap (personal or transactional pages). */
  noindex?: boolean;
  /** Pages that exist under two paths name the canonical one. */
  canonicalOf?: string;
  /** Client route patterns served by this page, e.g. '/user/message/:id'. */
  clientRoutes?: string[];
  /** Built only in these countries: a page area of one country (India's grievance redressal). */
  locals?: readonly string[];
}

function widgetPage(id: string, path: string, widget: WidgetRoute, extra: Partial<FixedRoute> = {}): FixedRoute {
  return { id, path, template: 'widget-page', widget, noindex: true, ...extra };
}

const userArea = (section: UserSection): WidgetRoute => ({
  name: 'user-area',
  load: 'eager',
  props: { section },
  requiresSignIn: !PUBLIC_USER_SECTIONS.includes(section),
});
const supportDesk = (screen: SupportDeskScreen, requiresSignIn = false): WidgetRoute => ({
  name: 'support-desk',
  load: 'eager',
  props: { screen },
  requiresSignIn,
});
/** The request layer adds flow=company under /business; `business` makes the island draw the business checkout. */
const checkout = (screen: CheckoutScreen, requiresSignIn = true, business = false): WidgetRoute => ({
  name: 'checkout',
  load: 'eager',
  props: business ? { screen, business } : { screen },
  requiresSignIn,
});

/** Support sub-areas rendered by the support template. */
export const supportAreas = ['phone', 'smart-home', 'smart-office', 'lifestyle', 'after-sales'] as const;

/*
 * Which pages the apps' webviews get (`app: true`: built again under {prefix}/app/ and {prefix}/ios/, without the
 * site header and footer; a builder gives the pages it derives from a route, such as categories, support areas and
 * stores, the route's choice). A page is in the apps when an app shopper reaches it by the apps' own ways: the
 * apps' tabs and menus (support, help articles, the account), their banners, messages and reminders (catalogue
 * lists, products, flash sales), and every page an island sends an app shopper to with storePath()
 * (widgets/lib/store-path.ts keeps them inside the webview; app-pages.test.ts checks that each one exists).
 * A page stays on the web only when it only makes sense there: the location chooser and the HTML sitemap (the
 * apps have their own country setting and menus), the shared header-footer for other sites to embed, the share
 * landing (what social networks open), the mails' unsubscribe and pay links (opened in the browser), the staff
 * consoles, the business (company purchase) area, which the consumer apps do not offer, and aliases (old or
 * grey-release addresses whose page has its own app variant: /item/{id}, /user/f-code, /checkout/gray, …).
 */
export const fixedRoutes: FixedRoute[] = [
  // Catalogue and search
  { id: 'product-list', path: '/product-list', template: 'product-list', app: true },
  { id: 'search', path: '/search', template: 'search', app: true, clientRoutes: ['/search/:key'] },
  { id: 'compare', path: '/compare', template: 'compare', app: true },
  { id: 'sitemap', path: '/sitemap', template: 'sitemap' },
  { id: 'select-location', path: '/select-location', template: 'select-location' },
  { id: 'item', path: '/item', template: 'product-list', canonicalOf: '/product-list' },
  { id: 'product-buy', path: '/product/buy', template: 'product-list', canonicalOf: '/product-list' },
  { id: 'product-bundle', path: '/product/bundle', template: 'product-list', app: true },
  { id: 'buy-refurbished', path: '/buy/refurbished', template: 'product-list', app: true },
  {
    id: 'store-detail',
    path: '/store/xiaomi-store/detail',
    template: 'stores',
    app: true,
    clientRoutes: ['/store/xiaomi-store/detail/:storeId'],
  },
  widgetPage('use-now', '/use-now', userArea('use-now'), { app: true }),
  widgetPage('points-exchange-details', '/user/points-center/exchange/details', userArea('points-exchange'), {
    app: true,
  }),

  // Support. The support index is a tab of the apps (and its sub-areas follow it).
  { id: 'support', path: '/support', template: 'support', app: true },
  { id: 'service-support', path: '/service-support', template: 'support', app: true },
  {
    id: 'support-search',
    path: '/support/search',
    template: 'support',
    app: true,
    clientRoutes: ['/support/search/:key'],
  },
  { id: 'spare-parts-price', path: '/support/spare-parts-price', template: 'spare-parts', app: true },
  { id: 'faq', path: '/support/faq', template: 'faq', app: true },
  widgetPage('support-console', '/support/console', userArea('staff-console')),
  widgetPage('release-console', '/releases/console', {
    name: 'release-console',
    load: 'eager',
    props: {},
    requiresSignIn: true,
  }),
  widgetPage('service-progress', '/support/service-progress', userArea('service-progress'), { app: true }),
  widgetPage('offline-form', '/support/offline-form', supportDesk('offline-form'), { noindex: false, app: true }),
  // The "find service center" page area with booking, a ticket opened from its mail link, and the "my
  // request" area; grievance redressal and its history are India's (page areas, built in `in` only).
  widgetPage('service-centre', '/support/service-center', supportDesk('service-centres'), {
    noindex: false,
    app: true,
  }),
  // Opened from the link of a mail, in the browser.
  widgetPage('support-ticket', '/support/ticket', supportDesk('ticket')),
  widgetPage('user-my-request', '/user/my-request', supportDesk('my-requests', true), { app: true }),
  widgetPage('grievance-redressal', '/support/grievance-redressal', supportDesk('grievance', true), {
    locals: ['in'],
    app: true,
  }),
  widgetPage('grievance-history', '/support/grievance-redressal/history', supportDesk('grievance-history', true), {
    locals: ['in'],
    app: true,
  }),
  widgetPage('aftersales-apply', '/support/aftersales/apply', userArea('aftersales-apply'), {
    app: true,
    clientRoutes: ['/support/aftersales/apply/:id'],
  }),
  widgetPage('aftersales-applylist', '/support/aftersales/applylist', userArea('aftersales-list'), { app: true }),
  widgetPage('aftersales-feedback', '/support/aftersales/applylist/feedback', userArea('aftersales-feedback'), {
    app: true,
  }),
  widgetPage('trade-in', '/trade-in', userArea('trade-in'), { noindex: false, app: true }),
  widgetPage('trade-in-order', '/support/trade-in/order', userArea('trade-in-order'), { app: true }),

  // User area
  widgetPage('user', '/user', userArea('overview'), { app: true }),
  widgetPage('user-order', '/user/order', userArea('order'), { app: true, clientRoutes: ['/user/order/:id'] }),
  widgetPage('user-address', '/user/address', userArea('address'), { app: true }),
  widgetPage('user-mi-club', '/user/mi-club', userArea('mi-club'), { app: true }),
  widgetPage('user-message', '/user/message', userArea('message'), { app: true, clientRoutes: ['/user/message/:id'] }),
  widgetPage('user-notification-preferences', '/user/notification-preferences', userArea('notification-preferences'), {
    app: true,
  }),
  widgetPage('user-profile', '/user/profile', userArea('profile'), { app: true }),
  widgetPage('user-notification', '/user/notification', userArea('notification'), { app: true }),
  // The apps must offer the account's deletion and data export inside the app as well.
  widgetPage('user-data', '/user/data', userArea('data'), { app: true }),
  widgetPage('user-alerts', '/user/alerts', userArea('alerts'), { app: true }),
  widgetPage('user-student', '/user/student', userArea('student'), { app: true }),
  widgetPage('user-coupon', '/user/coupon', userArea('coupon'), {
    app: true,
    clientRoutes: ['/user/coupon/:couponType', '/user/coupon/:couponType/:code'],
  }),
  widgetPage('user-fcode', '/user/fcode', userArea('fcode'), { app: true }),
  widgetPage('user-f-code', '/user/f-code', userArea('fcode'), { canonicalOf: '/user/fcode' }),
  widgetPage('user-voucher', '/user/voucher', userArea('voucher'), { app: true }),
  // What the apps open after a shopper reviewed (or is asked to review) a purchase: it sends them on to the review
  // form of that product (?product_id=) or to their reviews, inside the app's webview.
  widgetPage('user-reviews-app-redirect', '/user/reviewsappredirect', userArea('reviews'), { app: true }),
  widgetPage('user-miexchange', '/user/miexchange', userArea('miexchange'), { app: true }),
  // My devices: the units bought and shipped, or registered with a proof, with their warranty and service history.
  widgetPage('user-my-device', '/user/my-device', userArea('my-device'), { app: true }),

  // Purchase
  widgetPage('cart', '/cart', { name: 'cart', load: 'eager', props: {} }, { app: true }),
  widgetPage('checkout', '/checkout', checkout('checkout'), { app: true }),
  widgetPage('checkout-gray', '/checkout/gray', checkout('checkout'), { canonicalOf: '/checkout' }),
  widgetPage('checkout-again', '/checkout-again', checkout('checkout-again'), { app: true }),
  widgetPage('checkout-again-gray', '/checkout-again/gray', checkout('checkout-again'), {
    canonicalOf: '/checkout-again',
  }),
  widgetPage('bnpl-result', '/checkout/bnpl-result', checkout('bnpl-result'), {
    app: true,
    clientRoutes: ['/checkout/bnpl-result/:id'],
  }),
  // The e-wallet and QRIS provider's return address (server/routes/payments/async-payments.ts builds it).
  widgetPage('async-result', '/checkout/payment-result', checkout('async-result'), {
    app: true,
    clientRoutes: ['/checkout/payment-result/:id'],
  }),
  widgetPage('card-payment', '/buy/card-payment', checkout('card-payment'), { app: true }),
  widgetPage('payment', '/buy/payment', checkout('payment'), { app: true }),
  widgetPage('payment-successful', '/payment-successful', checkout('payment-successful'), {
    app: true,
    clientRoutes: ['/payment-successful/:id'],
  }),
  widgetPage('payment-result', '/payment-result', checkout('payment-result'), {
    app: true,
    clientRoutes: ['/payment-result/:id'],
  }),
  widgetPage('payment-completed', '/payment-completed', checkout('payment-completed'), { app: true }),
  // Sent by mail or text message, so opened in the browser.
  widgetPage('payment-link', '/payment-link', checkout('payment-link')),
  widgetPage('payment-jump', '/payment-jump', checkout('payment-jump'), { app: true }),
  widgetPage('split-payment-details', '/split-payment-details', checkout('split-payment'), {
    app: true,
    clientRoutes: ['/split-payment-details/:orderId'],
  }),
  widgetPage('bank-transfer-details', '/split-payment-details/bank-transfer-details', checkout('bank-transfer'), {
    app: true,
  }),

  // Business
  // A static, indexable landing page; the application and account page is signed-in.
  { id: 'business', path: '/business', template: 'business' },
  widgetPage('business-account', '/business/account', userArea('business-account')),
  widgetPage('business-checkout', '/business/checkout', checkout('checkout', true, true)),
  widgetPage('business-checkout-again', '/business/checkout-again', checkout('checkout-again', true, true)),
  { id: 'business-search', path: '/business/search', template: 'search', clientRoutes: ['/business/search/:key'] },
  widgetPage('business-cart', '/business/cart', { name: 'cart', load: 'eager', props: { business: true } }),

  // Other
  widgetPage('unsubscribe', '/misc/unsubscribe', { name: 'subscribe', load: 'eager', props: { mode: 'unsubscribe' } }),
  widgetPage('comment-postreview', '/comment/postreview', userArea('post-review'), { app: true }),
  widgetPage('comment-postadditionreview', '/comment/postadditionreview', userArea('post-addition-review'), {
    app: true,
  }),
  widgetPage('comment-myreview', '/comment/myreview', userArea('my-reviews'), { app: true }),
  widgetPage('comment-detail', '/comment/detail', userArea('review-detail'), { app: true }),
  widgetPage(
    'chat',
    '/chat',
    { name: 'live-chat', load: 'eager', props: { mode: 'page' } },
    { app: true, noindex: false },
  ),
  { id: 'error', path: '/error', template: 'error', noindex: true, app: true },
  // Precached by the storefront's service worker and shown for a page that cannot be reached offline (the apps'
  // webviews get their variant without the site header and footer).
  { id: 'offline', path: '/offline', template: 'offline', noindex: true, app: true },
  { id: 'header-footer', path: '/public/header-footer', template: 'content', noindex: true },
  { id: 'share-landing', path: '/static/toshare', template: 'share-landing', noindex: true },
];

/** Every template each route needs exists; used by the unit test and the build's sanity check. */
export function routeIds(): string[] {
  return fixedRoutes.map((route) => route.id);
}
