import { WIDGET_NAMES, type WidgetName } from '../contract';
import type { WidgetModule } from './types';

/**
 * The closed registry (contracts.md "Widget names"): a name read from the HTML only ever selects one of these
 * imports, never a path. Chunk names match the widget names so the manifest can list them.
 */
export const registry = {
  consent: () => import(/* webpackChunkName: "consent" */ '../consent'),
  'header-user': () => import(/* webpackChunkName: "header-user" */ '../header-user'),
  'cart-count': () => import(/* webpackChunkName: "cart-count" */ '../cart-count'),
  'mega-menu': () => import(/* webpackChunkName: "mega-menu" */ '../mega-menu'),
  'slide-menu': () => import(/* webpackChunkName: "slide-menu" */ '../slide-menu'),
  'language-popover': () => import(/* webpackChunkName: "language-popover" */ '../language-popover'),
  subscribe: () => import(/* webpackChunkName: "subscribe" */ '../subscribe'),
  'live-chat': () => import(/* webpackChunkName: "live-chat" */ '../live-chat'),
  'add-to-cart': () => import(/* webpackChunkName: "add-to-cart" */ '../add-to-cart'),
  cart: () => import(/* webpackChunkName: "cart" */ '../cart'),
  checkout: () => import(/* webpackChunkName: "checkout" */ '../checkout'),
  'user-area': () => import(/* webpackChunkName: "user-area" */ '../user-area'),
  search: () => import(/* webpackChunkName: "search" */ '../search'),
  share: () => import(/* webpackChunkName: "share" */ '../share'),
  countdown: () => import(/* webpackChunkName: "countdown" */ '../countdown'),
  'error-page': () => import(/* webpackChunkName: "error-page" */ '../error-page'),
  reviews: () => import(/* webpackChunkName: "reviews" */ '../reviews'),
  compare: () => import(/* webpackChunkName: "compare" */ '../compare'),
  'spare-parts': () => import(/* webpackChunkName: "spare-parts" */ '../spare-parts'),
  'support-desk': () => import(/* webpackChunkName: "support-desk" */ '../support-desk'),
  'release-console': () => import(/* webpackChunkName: "release-console" */ '../release-console'),
  'service-hours': () => import(/* webpackChunkName: "service-hours" */ '../service-hours'),
  'country-tip': () => import(/* webpackChunkName: "country-tip" */ '../country-tip'),
  'lowest-price': () => import(/* webpackChunkName: "lowest-price" */ '../lowest-price'),
  'flash-sale': () => import(/* webpackChunkName: "flash-sale" */ '../flash-sale'),
  'app-banner': () => import(/* webpackChunkName: "app-banner" */ '../app-banner'),
} satisfies Record<WidgetName, () => Promise<WidgetModule>>;

export { WIDGET_NAMES, type WidgetName };

export function isWidgetName(name: string | null): name is WidgetName {
  return name !== null && Object.hasOwn(registry, name);
}
