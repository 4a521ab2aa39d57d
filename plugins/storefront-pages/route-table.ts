/**
 * The §2 route table, as data: every fixed route a storefront has, relative to its prefix. Routes whose
 * parameters come from content (products, pages, FAQ, articles, categories) are expanded in create-pages.ts;
 * routes whose parameters only exist at run time (an order id, a message id) are client routes: the build
 * writes their patterns to public/_routes.json so the server (or a CDN rewrite) serves the route's page.
 */
import type { TemplateName } from '../../src/page-context';
import { PUBLIC_USER_SECTIONS, type CheckoutScreen, type SupportDeskScreen, type UserSection, type WidgetMount } from '../../widgets/contract';

/** A page whose main content is an island: a typed mount of widgets/contract.ts, and whether it needs sign-in. */
export type WidgetRoute = WidgetMount & { requiresSignIn?: boolean };

export interface FixedRoute {
  id: string;
  path: string; // relative to the storefront, no trailing slash ('' is the home)
  template: TemplateName;
  /** English title and description; a catalogue key `page.<id>.title` / `.description` overrides them. */
  title: string;
  description: string;
  widget?: WidgetRoute;
  /** Also built under {prefix}/app and {prefix}/ios for the native apps' webviews. */
  app?: boolean;
  /** Kept out of search engines and the XML sitemap (personal or transactional pages). */
  noindex?: boolean;
  /** Pages that exist under two paths name the canonical one. */
  canonicalOf?: string;
  /** Client route patterns served by this page, e.g. '/user/message/:id'. */
  clientRoutes?: string[];
  /** Built only in these countries: a §2 page area of one country (India's grievance redressal). */
  locals?: readonly string[];
}

const signedIn = { requiresSignIn: true } as const;

function widgetPage(
  id: string,
  path: string,
  title: string,
  description: string,
  widget: WidgetRoute,
  extra: Partial<FixedRoute> = {},
): FixedRoute {
  return { id, path, template: 'widget-page', title, description, widget, noindex: true, ...extra };
}

const userArea = (section: UserSection): WidgetRoute => ({ name: 'user-area', load: 'eager', props: { section }, requiresSignIn: !PUBLIC_USER_SECTIONS.includes(section) });
const supportDesk = (screen: SupportDeskScreen, requiresSignIn = false): WidgetRoute => ({ name: 'support-desk', load: 'eager', props: { screen }, requiresSignIn });
/** The request layer adds flow=company under /business (§6); `business` makes the island draw the business checkout. */
const checkout = (screen: CheckoutScreen, requiresSignIn = true, business = false): WidgetRoute => ({ name: 'checkout', load: 'eager', props: business ? { screen, business } : { screen }, requiresSignIn });

/** Support sub-areas of §2 rendered by the support template. */
export const supportAreas = ['phone', 'smart-home', 'smart-office', 'lifestyle', 'after-sales'] as const;

export const fixedRoutes: FixedRoute[] = [
  // Catalogue and search
  { id: 'product-list', path: '/product-list', template: 'product-list', title: 'All products', description: 'Browse every phone, TV, wearable, tablet, scooter, appliance and accessory in the store.' },
  { id: 'search', path: '/search', template: 'search', title: 'Search', description: 'Search products, stores and support articles.', clientRoutes: ['/search/:key'] },
  { id: 'compare', path: '/compare', template: 'compare', title: 'Compare products', description: 'Compare specifications and prices side by side.' },
  { id: 'sitemap', path: '/sitemap', template: 'sitemap', title: 'Sitemap', description: 'Every section of the store on one page.' },
  { id: 'select-location', path: '/select-location', template: 'select-location', title: 'Select your location', description: 'Choose your country or region and language.' },
  { id: 'item', path: '/item', template: 'product-list', title: 'All items', description: 'Every item on sale in this store.', canonicalOf: '/product-list' },
  { id: 'product-buy', path: '/product/buy', template: 'product-list', title: 'Buy products', description: 'Choose a product to buy.', canonicalOf: '/product-list' },
  { id: 'product-bundle', path: '/product/bundle', template: 'product-list', title: 'Bundles', description: 'Products sold with bundle offers and labels.' },
  { id: 'buy-refurbished', path: '/buy/refurbished', template: 'product-list', title: 'Refurbished phones', description: 'Certified refurbished phones with a one-year warranty.' },
  { id: 'store-detail', path: '/store/xiaomi-store/detail', template: 'stores', title: 'Xiaomi stores', description: 'Addresses, opening hours and directions of our stores.', clientRoutes: ['/store/xiaomi-store/detail/:storeId'] },
  widgetPage('use-now', '/use-now', 'Use your coupon', 'Products your coupon can be used on.', userArea('use-now')),
  widgetPage('points-exchange-details', '/user/points-center/exchange/details', 'Mi Points exchange details', 'What your Mi Points can be exchanged for.', userArea('points-exchange')),

  // Support
  { id: 'support', path: '/support', template: 'support', title: 'Support', description: 'Help with orders, products, repairs and warranty.' },
  { id: 'service-support', path: '/service-support', template: 'support', title: 'Service support', description: 'Repairs, service centres and after-sales help.' },
  { id: 'support-search', path: '/support/search', template: 'support', title: 'Search support', description: 'Search the help centre.', clientRoutes: ['/support/search/:key'] },
  { id: 'spare-parts-price', path: '/support/spare-parts-price', template: 'spare-parts', title: 'Spare parts prices', description: 'Official prices of screens, batteries and other genuine parts, per model.' },
  { id: 'faq', path: '/support/faq', template: 'faq', title: 'Frequently asked questions', description: 'Answers to the most common questions.', app: true },
  widgetPage('support-console', '/support/console', 'Support console', 'Where support staff answer chats and tickets and move service requests.', userArea('staff-console')),
  widgetPage('service-progress', '/support/service-progress', 'Repair progress', 'Follow the schedule of your repair.', userArea('service-progress')),
  widgetPage('offline-form', '/support/offline-form', 'Contact form', 'Send us a message and we reply by email within 24 hours.', supportDesk('offline-form'), { noindex: false }),
  // Issue 10: the "find service center" page area with booking, a ticket opened from its mail link, and the "my
  // request" area; grievance redressal and its history are India's (§2 page areas, built in `in` only).
  widgetPage('service-centre', '/support/service-center', 'Find a service centre', 'Service centres near you with opening hours, services and appointments.', supportDesk('service-centres'), { noindex: false }),
  widgetPage('support-ticket', '/support/ticket', 'Your support request', 'Read and answer your support request.', supportDesk('ticket')),
  widgetPage('user-my-request', '/user/my-request', 'My requests', 'Your support requests and service appointments.', supportDesk('my-requests', true)),
  widgetPage('grievance-redressal', '/support/grievance-redressal', 'Grievance redressal', 'File a grievance about an order, a repair or our service.', supportDesk('grievance', true), { locals: ['in'] }),
  widgetPage('grievance-history', '/support/grievance-redressal/history', 'Grievance history', 'Your grievances and our answers.', supportDesk('grievance-history', true), { locals: ['in'] }),
  widgetPage('aftersales-apply', '/support/aftersales/apply', 'Request after-sales service', 'Apply for a repair, return or exchange.', userArea('aftersales-apply'), { clientRoutes: ['/support/aftersales/apply/:id'] }),
  widgetPage('aftersales-applylist', '/support/aftersales/applylist', 'My service requests', 'Your after-sales requests and their status.', userArea('aftersales-list')),
  widgetPage('aftersales-feedback', '/support/aftersales/applylist/feedback', 'Service feedback', 'Tell us how your after-sales request went.', userArea('aftersales-feedback')),
  widgetPage('trade-in', '/trade-in', 'Trade-in programme', 'Trade in your old phone and save on a new one.', userArea('trade-in'), { noindex: false }),
  widgetPage('trade-in-order', '/support/trade-in/order', 'Trade-in orders', 'Your trade-in orders and their evaluation.', userArea('trade-in-order')),

  // User area
  widgetPage('user', '/user', 'My account', 'Orders, addresses, coupons and messages.', userArea('overview'), { app: true }),
  widgetPage('user-order', '/user/order', 'Order details', 'Lines, address, payment and amounts of your order.', userArea('order'), { app: true, clientRoutes: ['/user/order/:id'] }),
  widgetPage('user-address', '/user/address', 'Address book', 'Manage your delivery addresses.', userArea('address'), { app: true }),
  widgetPage('user-mi-club', '/user/mi-club', 'Mi Club', 'Your membership benefits.', userArea('mi-club')),
  widgetPage('user-message', '/user/message', 'Messages', 'Messages from the store.', userArea('message'), { app: true, clientRoutes: ['/user/message/:id'] }),
  widgetPage('user-notification-preferences', '/user/notification-preferences', 'Notification preferences', 'Choose what we may send you.', userArea('notification-preferences')),
  widgetPage('user-notification', '/user/notification', 'Notifications', 'Your notifications.', userArea('notification')),
  widgetPage('user-coupon', '/user/coupon', 'My coupons', 'Available, used and expired coupons.', userArea('coupon'), { app: true, clientRoutes: ['/user/coupon/:couponType', '/user/coupon/:couponType/:code'] }),
  widgetPage('user-fcode', '/user/fcode', 'F-codes', 'Redeem an F-code for priority purchase.', userArea('fcode')),
  widgetPage('user-f-code', '/user/f-code', 'F-codes', 'Redeem an F-code for priority purchase.', userArea('fcode'), { canonicalOf: '/user/fcode' }),
  widgetPage('user-voucher', '/user/voucher', 'Vouchers and gift cards', 'Your vouchers and gift cards.', userArea('voucher')),
  widgetPage('user-reviews-app-redirect', '/user/reviewsappredirect', 'Reviews', 'Write and read your reviews.', userArea('reviews')),
  widgetPage('user-miexchange', '/user/miexchange', 'Mi Exchange', 'Trade in your old device.', userArea('miexchange')),

  // Purchase
  widgetPage('cart', '/cart', 'Shopping cart', 'Review the items in your cart and go to checkout.', { name: 'cart', load: 'eager', props: {} }, { app: true }),
  widgetPage('checkout', '/checkout', 'Checkout', 'Delivery address, payment method and order summary.', checkout('checkout'), { app: true }),
  widgetPage('checkout-gray', '/checkout/gray', 'Checkout', 'Delivery address, payment method and order summary.', checkout('checkout'), { canonicalOf: '/checkout' }),
  widgetPage('checkout-again', '/checkout-again', 'Pay for your order', 'Complete the payment of an unpaid order.', checkout('checkout-again'), { app: true }),
  widgetPage('checkout-again-gray', '/checkout-again/gray', 'Pay for your order', 'Complete the payment of an unpaid order.', checkout('checkout-again'), { canonicalOf: '/checkout-again' }),
  widgetPage('bnpl-result', '/checkout/bnpl-result', 'Pay-later result', 'The answer of your pay-later provider.', checkout('bnpl-result'), { app: true, clientRoutes: ['/checkout/bnpl-result/:id'] }),
  widgetPage('card-payment', '/buy/card-payment', 'Card payment', 'Pay securely by card.', checkout('card-payment'), { app: true }),
  widgetPage('payment', '/buy/payment', 'Payment', 'Choose how to pay for your order.', checkout('payment'), { app: true }),
  widgetPage('payment-successful', '/payment-successful', 'Payment successful', 'Your payment was received.', checkout('payment-successful'), { app: true, clientRoutes: ['/payment-successful/:id'] }),
  widgetPage('payment-result', '/payment-result', 'Payment result', 'The result of your payment.', checkout('payment-result'), { app: true, clientRoutes: ['/payment-result/:id'] }),
  widgetPage('payment-completed', '/payment-completed', 'Payment completed', 'Your order is paid.', checkout('payment-completed')),
  widgetPage('payment-link', '/payment-link', 'Payment link', 'Pay an order from a payment link.', checkout('payment-link')),
  widgetPage('payment-jump', '/payment-jump', 'Redirecting to payment', 'Taking you to the payment provider.', checkout('payment-jump')),
  widgetPage('split-payment-details', '/split-payment-details', 'Split payment', 'Details of a split payment.', checkout('split-payment'), { clientRoutes: ['/split-payment-details/:orderId'] }),
  widgetPage('bank-transfer-details', '/split-payment-details/bank-transfer-details', 'Bank transfer details', 'Where and how to transfer the amount.', checkout('bank-transfer')),

  // Business
  // Issue 11: a static, indexable landing page; the application and account page is signed-in.
  { id: 'business', path: '/business', template: 'business', title: 'Business purchase', description: 'Buy for your company with invoices and tax details.' },
  widgetPage('business-account', '/business/account', 'Business account', 'Apply for a business account, follow its review and see its validity.', userArea('business-account')),
  widgetPage('business-checkout', '/business/checkout', 'Business checkout', 'Checkout for company purchases.', checkout('checkout', true, true)),
  widgetPage('business-checkout-again', '/business/checkout-again', 'Business payment', 'Complete the payment of a company order.', checkout('checkout-again', true, true)),
  { id: 'business-search', path: '/business/search', template: 'search', title: 'Business search', description: 'Search products for company purchases.', clientRoutes: ['/business/search/:key'] },
  widgetPage('business-cart', '/business/cart', 'Business cart', 'The cart of your company purchase.', { name: 'cart', load: 'eager', props: { business: true } }),

  // Other
  widgetPage('unsubscribe', '/misc/unsubscribe', 'Unsubscribe', 'Every newsletter mail has an unsubscribe link at the bottom: open it to stop the newsletter for that address. You can also turn it off in your notification preferences.', { name: 'subscribe', load: 'eager', props: { mode: 'unsubscribe' } }),
  widgetPage('comment-postreview', '/comment/postreview', 'Write a review', 'Rate and review a product you bought.', userArea('post-review'), { app: true }),
  widgetPage('comment-postadditionreview', '/comment/postadditionreview', 'Add to your review', 'Add a follow-up to your review.', userArea('post-addition-review'), { app: true }),
  widgetPage('comment-myreview', '/comment/myreview', 'My reviews', 'Reviews you have written.', userArea('my-reviews'), { app: true }),
  widgetPage('comment-detail', '/comment/detail', 'Review', 'A review and its replies.', userArea('review-detail')),
  widgetPage('chat', '/chat', 'Live chat', 'Chat with our support team.', { name: 'live-chat', load: 'eager', props: { mode: 'page' } }, { app: true, noindex: false }),
  { id: 'error', path: '/error', template: 'error', title: 'Something went wrong', description: 'The page could not be shown.', noindex: true, app: true },
  // Precached by the storefront's service worker and shown for a page that cannot be reached offline (the apps'
  // webviews get their variant without the site header and footer).
  { id: 'offline', path: '/offline', template: 'offline', title: 'You are offline', description: 'This page is shown when the store cannot be reached.', noindex: true, app: true },
  { id: 'header-footer', path: '/public/header-footer', template: 'content', title: 'Header and footer', description: 'The shared header and footer of the store.', noindex: true },
  { id: 'share-landing', path: '/static/toshare', template: 'share-landing', title: 'Shared with you', description: 'A product or page someone shared with you.', noindex: true },
];

/** Every template each route needs exists; used by the unit test and the build's sanity check. */
export function routeIds(): string[] {
  return fixedRoutes.map((route) => route.id);
}
