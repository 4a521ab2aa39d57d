import { createContext } from 'react';
import type { WidgetName } from './widget-host';

/**
 * The UI strings each widget reads, as `widget key → catalogue key` (widgets/<name> calls
 * `t(props.strings, widgetKey, englishDefault)`; content/locales names the same texts its own way). Hosts pass
 * only these, not the whole catalogue, to keep the props attribute small. A key left out only means the
 * widget shows its English default; countdown units are left out on purpose because the catalogue's
 * "days" has no number placeholder and the widget's "{d}d" has one.
 */
export const WIDGET_STRING_KEYS: Readonly<Record<WidgetName, Readonly<Record<string, string>>>> = {
  consent: {
    'consent.title': 'consent.title',
    'consent.text': 'consent.message',
    'consent.acceptAll': 'consent.acceptAll',
    'consent.rejectAll': 'consent.rejectAll',
    'consent.preferences': 'consent.preferences',
    'consent.save': 'consent.save',
    'consent.policy': 'footer.cookiePolicy',
  },
  'header-user': { 'user.signIn': 'header.signInUp', 'user.signOut': 'header.signOut' },
  'cart-count': { 'header.cartWithCount': 'header.cartCount', 'header.unreadMessages': 'header.messages' },
  'mega-menu': {},
  'slide-menu': {},
  'language-popover': {},
  subscribe: {
    'subscribe.label': 'footer.subscribe.placeholder',
    'subscribe.placeholder': 'footer.subscribe.placeholder',
    'subscribe.submit': 'footer.subscribe.button',
    'subscribe.success': 'footer.subscribe.success',
    'subscribe.failed': 'footer.subscribe.error',
    'subscribe.invalidEmail': 'footer.subscribe.invalidEmail',
    'subscribe.networkError': 'toast.networkError',
    'subscribe.unsubscribe.button': 'subscribe.unsubscribe.button',
    'subscribe.unsubscribed': 'subscribe.unsubscribed',
    'subscribe.linkInvalid': 'account.error.linkInvalid',
    'unsubscribe.done': 'unsubscribe.done',
    'unsubscribe.already': 'unsubscribe.already',
    'unsubscribe.invalid': 'unsubscribe.invalid',
    'unsubscribe.missing': 'unsubscribe.missing',
    'unsubscribe.confirm': 'unsubscribe.confirm',
  },
  'live-chat': {
    'chat.launcher': 'liveChat.launcher',
    'chat.staff': 'liveChat.staff',
    'chat.loading': 'liveChat.loading',
    'chat.privacyTitle': 'liveChat.privacy.title',
    'chat.privacyText': 'liveChat.privacy.message',
    'chat.privacyConfirm': 'liveChat.privacy.confirm',
    'common.cancel': 'liveChat.privacy.cancel',
    'common.close': 'common.close',
  },
  'add-to-cart': {
    'product.addToCart': 'product.addToCart',
    'product.chooseVersion': 'product.chooseVariant',
    'product.notOnSale': 'product.notAvailable',
    'product.outOfStock': 'product.outOfStock',
    'product.quantity': 'product.quantity',
    'product.salePrice': 'product.salePrice',
    'product.originalPrice': 'product.originalPrice',
    'cart.added': 'product.addedToCart',
    'cart.view': 'cart.title',
    'common.tryAgain': 'error.tryAgainLater',
  },
  cart: {
    'cart.checkout': 'cart.checkout',
    'cart.continue': 'cart.continueShopping',
    'cart.empty': 'cart.empty',
    'cart.notice.dismiss': 'cart.notice.dismiss',
    'cart.notice.full': 'cart.notice.full',
    'cart.notice.limit': 'cart.notice.limit',
    'cart.notice.title': 'cart.notice.title',
    'cart.remove': 'cart.remove',
    'cart.select': 'cart.selectAll',
    'cart.total': 'cart.total',
    'common.loading': 'common.loading',
    'common.tryAgain': 'error.tryAgainLater',
    'product.outOfStock': 'product.outOfStock',
    'product.quantity': 'product.quantity',
  },
  checkout: { 'cart.view': 'cart.title', 'cart.continue': 'cart.continueShopping', 'common.cancel': 'common.cancel', 'common.loading': 'common.loading', 'common.tryAgain': 'error.tryAgainLater' },
  'user-area': {
    'cart.continue': 'cart.continueShopping',
    'common.cancel': 'common.cancel',
    'common.loading': 'common.loading',
    'common.tryAgain': 'error.tryAgainLater',
    'header.cart': 'header.cart',
    'user.areas': 'user.title',
    'user.link.home': 'user.orders',
    'user.link.message': 'user.messages',
    'user.link.coupon': 'user.coupons',
    'user.link.address': 'user.address',
    'user.link.notification-preferences': 'user.notifications',
    'user.link.my-request': 'page.user-my-request.title',
    'user.signOut': 'header.signOut',
  },
  search: {
    'search.label': 'search.placeholder',
    'search.placeholder': 'header.searchPlaceholder',
    'search.submit': 'header.search',
    'search.suggestions': 'search.suggestions',
  },
  compare: { 'product.price': 'product.price' },
  'spare-parts': {},
  share: { 'share.title': 'share.title', 'share.copied': 'share.copied', 'share.copyFailed': 'share.copyFailed' },
  countdown: { 'countdown.ended': 'countdown.ended' },
  'error-page': { 'error.retry': 'error.retry', 'error.refresh': 'error.refresh', 'error.goBack': 'error.goBack', 'error.goHome': 'error.goHome' },
  reviews: { 'common.loading': 'common.loading', 'common.tryAgain': 'error.tryAgainLater' },
  'support-desk': { 'common.tryAgain': 'error.tryAgainLater' },
};

/**
 * Widgets with many screens take whole families of catalogue keys under their own names (checkout, payment,
 * order and address texts of content/tools/strings/checkout.ts).
 */
export const WIDGET_STRING_PREFIXES: Readonly<Partial<Record<WidgetName, readonly string[]>>> = {
  'add-to-cart': ['coupon.'],
  // The header's host carries these too; the live results, stores filter and 'no results' texts are a few hundred bytes.
  search: ['searchPage.', 'stores.filter', 'stores.count', 'stores.noMatch', 'stores.notFound', 'business.search.'],
  compare: ['compare.'],
  reviews: ['review.title', 'review.average', 'review.count', 'review.none', 'review.stars', 'review.photoAlt', 'review.like', 'review.signInToLike', 'review.addedLater', 'review.write', 'review.more', 'review.latest', 'review.form.already'],
  'spare-parts': ['spareParts.choose', 'spareParts.all'],
  // Its own keys only (mails and server errors stay on the server).
  'support-desk': ['supportDesk.'],
  cart: ['business.cart.'],
  checkout: ['checkout.', 'payment.', 'order.', 'address.', 'coupon.', 'points.', 'giftCard.', 'presale.', 'business.checkout.', 'business.split.', 'tradeIn.checkout.', 'tradeIn.error.'],
  // The account area, the staff console (business review, support desk panes) and the screens it shares with checkout.
  'user-area': ['business.', 'checkout.', 'payment.', 'order.', 'address.', 'coupon.', 'points.', 'fcode.', 'giftCard.', 'presale.', 'voucher.', 'aftersales.', 'console.', 'tradeIn.', 'message.', 'notify.', 'club.', 'review.', 'supportDesk.'],
};

/** The resolved catalogue of the page or slice being rendered; hosts pick their widget's keys from it. */
export const CatalogueContext = createContext<Record<string, string> | undefined>(undefined);

/** The catalogue writes i18next placeholders (`{{count}}`); widgets/lib/strings.ts fills `{count}`. */
export function toWidgetPlaceholders(text: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}');
}

/** The subset of a catalogue a widget needs; undefined when nothing applies (no `strings` prop then). */
export function widgetStrings(name: WidgetName, catalogue: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!catalogue) return undefined;
  // Every page of a storefront shares one catalogue object: pick each widget's subset once, not once per island.
  let byWidget = pickedSubsets.get(catalogue);
  if (!byWidget) pickedSubsets.set(catalogue, (byWidget = new Map()));
  if (!byWidget.has(name)) byWidget.set(name, pickSubset(name, catalogue));
  return byWidget.get(name);
}

const pickedSubsets = new WeakMap<Record<string, string>, Map<WidgetName, Record<string, string> | undefined>>();

function pickSubset(name: WidgetName, catalogue: Record<string, string>): Record<string, string> | undefined {
  const picked: Record<string, string> = {};
  const prefixes = WIDGET_STRING_PREFIXES[name] ?? [];
  for (const [key, value] of Object.entries(catalogue)) if (prefixes.some((p) => key.startsWith(p))) picked[key] = toWidgetPlaceholders(value);
  for (const [widgetKey, catalogueKey] of Object.entries(WIDGET_STRING_KEYS[name])) {
    const value = catalogue[catalogueKey];
    if (value !== undefined) picked[widgetKey] = toWidgetPlaceholders(value);
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}
