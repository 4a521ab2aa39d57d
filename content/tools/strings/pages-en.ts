/**
 * English page titles and descriptions (`page.<routeId>.title` / `.description`) and the other keys the
 * storefront build resolves (breadcrumbs, sitemap sections, support areas, continent groups).
 * The route ids follow plugins/storefront-pages/route-table.ts; the build falls back to its own English when a key is missing.
 */
export const pagesEn = {
  'product-list': ['All products', 'Browse every phone, TV, wearable, tablet, scooter, appliance and accessory in the store.'],
  'search': ['Search', 'Search products, stores and support articles.'],
  'compare': ['Compare products', 'Compare specifications and prices side by side.'],
  'sitemap': ['Sitemap', 'Every section of the store on one page.'],
  'select-location': ['Select your location', 'Choose your country or region and language.'],
  'item': ['All items', 'Every item on sale in this store.'],
  'product-buy': ['Buy products', 'Choose a product to buy.'],
  'product-bundle': ['Bundles', 'Products sold with bundle offers and labels.'],
  'buy-refurbished': ['Refurbished phones', 'Certified refurbished phones with a one-year warranty.'],
  'support': ['Support', 'Help with orders, products, repairs and warranty.'],
  'service-support': ['Service support', 'Repairs, service centres and after-sales help.'],
  'support-search': ['Search support', 'Search the help centre.'],
  'faq': ['Frequently asked questions', 'Answers to the most common questions.'],
  'business-search': ['Business search', 'Search products for company purchases.'],
  'error': ['Something went wrong', 'The page could not be shown.'],
  'header-footer': ['Header and footer', 'The shared header and footer of the store.'],
  'share-landing': ['Shared with you', 'A product or page someone shared with you.'],
  'spare-parts-price': ['Spare parts prices', 'Official prices of screens, batteries and other genuine parts, per model.'],
  'store-detail': ['Store details', 'Opening hours, address and directions of our stores.'],
  'use-now': ['Use your coupon', 'Products your coupon can be used on.'],
  'points-exchange-details': ['Mi Points exchange details', 'What your Mi Points can be exchanged for.'],
  'service-progress': ['Repair progress', 'Follow the schedule of your repair.'],
  'offline-form': ['Contact form', 'Send us a message and we reply by email within 24 hours.'],
  'aftersales-apply': ['Request after-sales service', 'Apply for a repair, return or exchange.'],
  'aftersales-applylist': ['My service requests', 'Your after-sales requests and their status.'],
  'aftersales-feedback': ['Service feedback', 'Tell us how your after-sales request went.'],
  'trade-in-order': ['Trade-in orders', 'Your trade-in orders and their evaluation.'],
  'user': ['My account', 'Orders, addresses, coupons and messages.'],
  'user-order': ['Order details', 'Lines, address, payment and amounts of your order.'],
  'user-address': ['Address book', 'Manage your delivery addresses.'],
  'user-mi-club': ['Mi Club', 'Your membership benefits.'],
  'user-message': ['Messages', 'Messages from the store.'],
  'user-notification-preferences': ['Notification preferences', 'Choose what we may send you.'],
  'user-notification': ['Notifications', 'Your notifications.'],
  'user-coupon': ['My coupons', 'Available, used and expired coupons.'],
  'user-fcode': ['F-codes', 'Redeem an F-code for priority purchase.'],
  'user-f-code': ['Redeem an F-code', 'Enter your F-code to buy before general sale.'],
  'user-voucher': ['Vouchers and gift cards', 'Your vouchers and gift cards.'],
  'user-reviews-app-redirect': ['Reviews', 'Write and read your reviews.'],
  'user-miexchange': ['Mi Exchange', 'Trade in your old device.'],
  'cart': ['Shopping cart', 'Review the items in your cart and go to checkout.'],
  'checkout': ['Checkout', 'Delivery address, payment method and order summary.'],
  'checkout-gray': ['Secure checkout', 'Delivery address, payment method and order summary.'],
  'checkout-again': ['Pay for your order', 'Complete the payment of an unpaid order.'],
  'checkout-again-gray': ['Complete your payment', 'Complete the payment of an unpaid order.'],
  'card-payment': ['Card payment', 'Pay securely by card.'],
  'payment': ['Payment', 'Choose how to pay for your order.'],
  'payment-successful': ['Payment successful', 'Your payment was received.'],
  'payment-result': ['Payment result', 'The result of your payment.'],
  'payment-completed': ['Payment completed', 'Your order is paid.'],
  'payment-link': ['Payment link', 'Pay an order from a payment link.'],
  'payment-jump': ['Redirecting to payment', 'Taking you to the payment provider.'],
  'split-payment-details': ['Split payment', 'Details of a split payment.'],
  'bank-transfer-details': ['Bank transfer details', 'Where and how to transfer the amount.'],
  'business': ['Business purchase', 'Buy for your company with invoices and tax details.'],
  'business-checkout': ['Business checkout', 'Checkout for company purchases.'],
  'business-checkout-again': ['Business payment', 'Complete the payment of a company order.'],
  'business-cart': ['Business cart', 'The cart of your company purchase.'],
  'unsubscribe': ['Unsubscribe', 'Every newsletter mail has an unsubscribe link at the bottom: open it to stop the newsletter for that address. You can also turn it off in your notification preferences.'],
  'comment-postreview': ['Write a review', 'Rate and review a product you bought.'],
  'comment-postadditionreview': ['Add to your review', 'Add a follow-up to your review.'],
  'comment-myreview': ['My reviews', 'Reviews you have written.'],
  'comment-detail': ['Review', 'A review and its replies.'],
  'chat': ['Live chat', 'Chat with our support team.'],
  'offline': ['You are offline', 'This page is shown when the store cannot be reached.'],
} as const satisfies Record<string, readonly [title: string, description: string]>;

export type PageId = keyof typeof pagesEn;

export const extraEn = {
  'breadcrumb.home': 'Home',
  'notFound.description': 'The page you asked for does not exist.',
  'product.bundle': 'bundle',
  'product.buy': 'Buy',
  'productList.categoryDescription': '{{category}}: prices, specifications and offers.',
  'search.resultsFor': 'Results for',
  'sitemap.products': 'Products',
  'sitemap.explore': 'Explore',
  'sitemap.events': 'Events',
  'sitemap.support': 'Support',
  'sitemap.account': 'Account and orders',
  'support.area.phone': 'Phones',
  'support.area.smart-home': 'Smart home',
  'support.area.smart-office': 'Smart office',
  'support.area.lifestyle': 'Lifestyle',
  'support.area.after-sales': 'After-sales service',
  'location.europe': 'Europe',
  'location.asia-pacific': 'Asia Pacific',
  'location.americas': 'Americas',
  'location.middle-east-and-africa': 'Middle East and Africa',
} as const;

export type ExtraKey = keyof typeof extraEn;

/** The page texts of one fully translated catalogue: every page and every extra key. */
export interface PageStrings {
  pages: Record<PageId, readonly [title: string, description: string]>;
  extra: Record<ExtraKey, string>;
}

export const pageStringsEn: PageStrings = { pages: pagesEn, extra: extraEn };

/** Flat catalogue keys: `page.<id>.title`, `page.<id>.description` and the extra keys. */
export function flattenPageStrings(strings: PageStrings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, [title, description]] of Object.entries(strings.pages)) {
    out[`page.${id}.title`] = title;
    out[`page.${id}.description`] = description;
  }
  return { ...out, ...strings.extra };
}
