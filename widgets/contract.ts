/**
 * The one typed contract between the pages that host islands (src/, plugins/) and the islands (widgets/): the
 * widget names, the loading strategies, and the props each widget reads. Browser-safe, with no imports but types:
 * importers outside widgets/ take its types and, at most, its plain constant lists, never widget code. The registry
 * must hold exactly
 * these names, every host passes exactly its widget's props, and every widget reads its props from here: a prop
 * the island would ignore, or a name it does not know, fails `tsc`.
 */
import type { PriceDisplay } from '../region-config/price-display.schema';
import type { ShareNetwork } from '../region-config/region.schema';
import type { SearchType } from '../sites/site.schema';
import type { HeaderButton } from './state/app-state';
import type { CountdownTime, CountdownType } from './lib/countdown';
import type { SharePayload } from './lib/share-links';

export const WIDGET_NAMES = [
  'consent',
  'header-user',
  'cart-count',
  'mega-menu',
  'slide-menu',
  'language-popover',
  'subscribe',
  'live-chat',
  'add-to-cart',
  'cart',
  'checkout',
  'user-area',
  'search',
  'share',
  'countdown',
  'error-page',
  'reviews',
  'compare',
  'spare-parts',
  'support-desk',
  'release-console',
  'service-hours',
  'country-tip',
  'lowest-price',
  'flash-sale',
  'app-banner',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/**
 * The storefront's header panels file: the panels that only open with JavaScript (mega-menu, language list,
 * slide menu), built once per storefront (src/shell/header/header-panels.tsx); pages hold their empty boxes.
 */
export const headerPanelsPath = (urlLocal: string): string => `/${urlLocal}/_shell/header-panels.html`;

/** When the runtime mounts an island (docs/architecture.md, "Islands"). */
export const WIDGET_LOADS = ['eager', 'idle', 'visible', 'interaction'] as const;
export type WidgetLoad = (typeof WIDGET_LOADS)[number];

/** Storefront facts every host carries; the runtime reads the site fields of any host into shared state. */
export interface SiteProps {
  local: string;
  urlLocal: string;
  /** The storefront's API base, e.g. '/api/id'. */
  api: string;
  /**
   * UI strings resolved by the build: the catalogue keys the widget reads (widgets/string-keys.json); no English
   * defaults.
   */
  strings?: Record<string, string>;
  /** Cookie policy level (the consent host names it). */
  level?: 'low' | 'high';
  hasPoco?: boolean;
  isToC?: boolean;
}

/** A version of a product as the add-to-cart island and the product page show it (spec grid entries). */
export interface CommodityOption {
  commodityId: string;
  firstSpecValue: string;
  secondSpecValue: string;
  salePrice: number | null;
  marketPrice: number | null;
  stock: number;
  image?: string;
}

/** The screens of the purchase routes: one island, one screen per route. */
export const CHECKOUT_SCREENS = [
  'checkout',
  'checkout-again',
  'payment',
  'card-payment',
  'payment-jump',
  'payment-link',
  'payment-successful',
  'payment-result',
  'payment-completed',
  'split-payment',
  'bank-transfer',
  'bnpl-result',
  'async-result',
] as const;
export type CheckoutScreen = (typeof CHECKOUT_SCREENS)[number];

/** The sections of the account area; each is its own screen (those of later issues say what they will hold). */
export const USER_SECTIONS = [
  'overview',
  'address',
  'order',
  'message',
  'coupon',
  'use-now',
  'points-exchange',
  'mi-club',
  'notification-preferences',
  'profile',
  'data',
  'alerts',
  'notification',
  'fcode',
  'voucher',
  'reviews',
  'miexchange',
  'service-progress',
  'offline-form',
  'aftersales-apply',
  'aftersales-list',
  'aftersales-feedback',
  'trade-in-order',
  'trade-in',
  'business',
  'business-account',
  'post-review',
  'post-addition-review',
  'my-reviews',
  'review-detail',
  'staff-console',
  'student',
  'my-device',
] as const;
export type UserSection = (typeof USER_SECTIONS)[number];
/** The screens of the support desk island: one island, one screen per support page. */
export const SUPPORT_DESK_SCREENS = [
  'offline-form',
  'ticket',
  'service-centres',
  'my-requests',
  'grievance',
  'grievance-history',
  'warranty-check',
] as const;
export type SupportDeskScreen = (typeof SUPPORT_DESK_SCREENS)[number];

/** Sections a visitor may open without signing in (the rest send them to sign-in first). */
export const PUBLIC_USER_SECTIONS: readonly UserSection[] = [
  // The deletion mail's link confirms without a session; the screen sends visitors to sign in otherwise.
  'data',
  'use-now',
  'offline-form',
  'business',
  'review-detail',
  'trade-in',
  'service-progress',
];

export type ErrorPageButton = 'retry' | 'refresh' | 'goBack' | 'goHome';

/** The props of each widget, beside SiteProps. */
export interface WidgetProps {
  consent: { policyHref?: string };
  /** "Open now" of the customer-service line by the server's clock; times in `zone`, written in `lang`. */
  'service-hours': { lang: string; zone: string };
  /** The other-country tip: the API decides and words it; nothing is in the static HTML. */
  'country-tip': Record<never, never>;
  /** The app banner of the mobile web: the storefront's diversion from the API; nothing is in the static HTML. */
  'app-banner': Record<never, never>;
  'header-user': { userHref?: string; accountUrl?: string; headerButtons?: HeaderButton[] };
  'cart-count': { cartHref?: string };
  'mega-menu': Record<never, never>;
  'slide-menu': Record<never, never>;
  'language-popover': { current: string };
  subscribe: { placeholder?: string; mode?: 'footer' | 'unsubscribe' };
  /**
   * `iosTabRoot`: the page is a tab of the iOS app (its support index), whose webview one app version lays under
   * its tab bar: the island raises the launcher there (widgets/live-chat/ios-tab-bar.ts).
   */
  'live-chat': {
    lang?: string;
    privacyUrl?: string;
    provider?: 'store' | 'script';
    mode?: 'launcher' | 'page';
    iosTabRoot?: boolean;
  };
  'add-to-cart': {
    productId: string;
    /** Coupons to claim are those of this product or its category. */
    category?: string;
    commodities: readonly CommodityOption[];
    selectedCommodityId?: string | null;
    purchaseLimit?: number;
    cartHref?: string;
    priceDisplay?: PriceDisplay;
  };
  cart: { priceDisplay?: PriceDisplay; checkoutUrl?: string; business?: boolean };
  checkout: { screen: CheckoutScreen; business?: boolean; priceDisplay?: PriceDisplay; privacyHref?: string };
  'user-area': { section: UserSection; priceDisplay?: PriceDisplay };
  /**
   * header: suggestions; page: /search/{key} (all the storefront's types); support: /support/search/{key}; stores: the
   * store finder.
   */
  search: {
    mode: 'header' | 'page' | 'support' | 'stores';
    key?: string;
    action?: string;
    priceDisplay?: PriceDisplay;
    types?: readonly SearchType[];
  };
  compare: {
    categories: readonly { id: string; name: string }[];
    candidates: readonly { id: string; name: string; category: string }[];
    max: number;
    priceDisplay?: PriceDisplay;
  };
  /** Enhances the static price tables (`section[data-model]`) with a model picker kept in the URL (?model=). */
  'spare-parts': Record<never, never>;
  share: {
    url?: string;
    title?: string;
    image?: string;
    desc?: string;
    hashtag?: string;
    networks?: readonly ShareNetwork[];
    payload?: Partial<SharePayload>;
    mode?: 'buttons' | 'landing';
  };
  /**
   * A campaign window (ISO instants): "starts in" before startsAt, "ends in" until endsAt, then "ended", on the
   * server's clock.
   */
  countdown: {
    startsAt?: string;
    endsAt?: string;
    time?: CountdownTime;
    type?: CountdownType;
    onFinish?: 'reload' | 'none';
    /** A pre-sale's deposit window: "remind me" beside it while it is upcoming. */
    remind?: { productId: string };
  };
  'error-page': { buttons?: ErrorPageButton[]; retryUrl?: string; home?: string };
  /** The product page's reviews: live count, average and latest reviews, likes, a buyer's "write a review" link. */
  reviews: { productId: string; productName: string };
  /** Service centres and booking, the offline form, a ticket by its mail link, my requests, grievances. */
  'support-desk': { screen: SupportDeskScreen };
  /**
   * The release console (release managers only): storefronts, input diffs, rebuilds with progress, publish, rollback,
   * history.
   */
  'release-console': Record<never, never>;
  /**
   * A product card's "lowest price of the last 30 days" (EU and EEA storefronts), asked of the API when the card
   * shows: the figure starts with the publish of a price, after the page was built.
   */
  'lowest-price': { commodityId: string };
  /**
   * A flash sale's live part (countdown, buy, place in line, pay, sold out, ended) on its static page: the window
   * (ISO instants) the page was built with, the sale's versions, and the seckill host family's base (the storefront's
   * API base in the embedded default).
   */
  'flash-sale': {
    saleId: string;
    startsAt: string;
    endsAt: string;
    commodities: readonly { commodityId: string; name: string }[];
    seckillApi?: string;
  };
}

/** Site facts any host may carry for the runtime's shared state (the consent host names the cookie level). */
export type SiteFlags = Pick<SiteProps, 'level' | 'hasPoco' | 'isToC'>;

/** What a host of widget N carries: the site props and the widget's own. */
export type HostProps<N extends WidgetName> = SiteProps & WidgetProps[N];

/** A page whose main content is one island (the route table's widget pages), typed per widget. */
export type WidgetMount = {
  [N in WidgetName]: { name: N; load: WidgetLoad; props: WidgetProps[N] };
}[WidgetName];
