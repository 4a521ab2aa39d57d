/**
 * Site config per storefront (languages, hosts, currency display, cookies, live chat and the per-country constants).
 * Browser-safe: no fs, no ajv
 * (schema validation is in validate.ts, Node side).
 */
export type {
  SiteConfig,
  LiveChatConfig,
  HostFamily,
  SearchType,
  CookiePolicyLevel,
  NavigationVersion,
} from './site.schema';
export { hostFamilies, searchTypes } from './site.schema';
export { getSiteConfig, priceDisplayFor, priceDisplays, DEFAULT_PRICE_DISPLAY } from './site-config';
export type { HostOverrides } from './hosts';
export { hostFor, hostsFor, embeddedHost, hostOverrides } from './hosts';
export { cookiePolicyLevelFor, cookieDefaultOnCatFor, HIGH_COOKIE_POLICY_LOCALS } from './cookie-policy';
export { liveChatFor, VISITOR_CHAT_REFUSED, VISITOR_CHAT_REMOVED, CHAT_PAGE_LOCALS } from './live-chat';
export {
  FULL_SEARCH_LOCALS,
  PRODUCT_ONLY_SEARCH_LOCALS,
  SHOW_ALL_PRODUCTS_IN_MOBILE,
  POCO_MENU_LOCALS,
  CATEGORY_ENTRY_LOCALS,
  EXCLUDED_FROM_LANGUAGE_LIST,
  NAVIGATION_VERSIONS,
  DEFAULT_NAVIGATION_VERSION,
  searchTypesFor,
} from './local-constants';
