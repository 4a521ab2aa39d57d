import { createContext } from 'react';
import type { WidgetName } from './widget-host';

/**
 * The catalogue keys each widget reads (widgets/<name>: `t(props.strings, key, englishDefault)`). Hosts pass
 * only these, not the whole catalogue, to keep the props attribute small. A key missing here only means the
 * widget shows its English default. Keep in step with the widgets' `t(...)` calls.
 */
export const WIDGET_STRING_KEYS: Readonly<Record<WidgetName, readonly string[]>> = {
  consent: ['consent.acceptAll', 'consent.categories', 'consent.policy', 'consent.preferences', 'consent.rejectAll', 'consent.save', 'consent.text', 'consent.title'],
  'header-user': ['user.signIn', 'user.signOut'],
  'cart-count': ['header.cartWithCount', 'header.unreadMessages'],
  'mega-menu': [],
  'slide-menu': [],
  'language-popover': [],
  subscribe: ['subscribe.failed', 'subscribe.invalidEmail', 'subscribe.label', 'subscribe.networkError', 'subscribe.placeholder', 'subscribe.submit', 'subscribe.success'],
  'live-chat': [
    'chat.launcher', 'chat.loading', 'chat.message', 'chat.privacyConfirm', 'chat.privacyLink', 'chat.privacyText', 'chat.privacyTitle',
    'chat.reconnecting', 'chat.send', 'chat.sendFailed', 'chat.title', 'chat.welcome', 'common.cancel', 'common.close',
  ],
  'add-to-cart': ['cart.addFailed', 'cart.added', 'cart.view', 'product.addToCart', 'product.chooseVersion', 'product.notOnSale', 'product.outOfStock', 'product.quantity'],
  cart: [
    'cart.checkout', 'cart.continue', 'cart.discount', 'cart.empty', 'cart.remove', 'cart.select', 'cart.total', 'common.loading', 'common.tryAgain',
    'product.outOfStock', 'product.quantity',
  ],
  checkout: ['cart.total', 'cart.view', 'checkout.nothingSelected', 'checkout.summary', 'checkout.unavailable', 'common.loading', 'common.tryAgain'],
  'user-area': ['common.loading', 'common.tryAgain', 'header.cart', 'user.areas', 'user.signOut'],
  search: ['search.label', 'search.placeholder', 'search.submit'],
  share: ['share.copied', 'share.copyFailed', 'share.missing', 'share.open', 'share.title'],
  countdown: ['countdown.days', 'countdown.ended', 'countdown.seconds'],
  'error-page': ['error.goBack', 'error.goHome', 'error.refresh', 'error.retry'],
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
  const picked: Record<string, string> = {};
  for (const key of WIDGET_STRING_KEYS[name]) {
    const value = catalogue[key];
    if (value !== undefined) picked[key] = toWidgetPlaceholders(value);
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}
