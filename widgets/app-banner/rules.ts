/**
 * The app banner's rules, pure: whether the banner shows, and where its button takes the shopper. The fields are
 * the API's diversion (the CMS's app banner of a storefront, or of a campaign's channel).
 */
import { appStorePage, STORE_APP, type AppPlatform } from '../../sites/store-app';
import type { Diversion } from '../request/diversion-api';

/** publish_status: 1 is published; the default 0 is a draft, which never shows. */
export const PUBLISHED = 1;
/** diversion_switch_status: 1 (the default) is on; 0 switches a published banner off without unpublishing it. */
export const SWITCHED_ON = 1;
/** redirect_url_type: what redirect_url is, a page of the app (its own link or a universal link) or a web page. */
export const REDIRECT_URL_TYPE = { app: 1, web: 2 } as const;
/**
 * app_install_status: 1 makes the banner an invitation to install: its button goes straight to the app's store page.
 * 0 (the seed's) opens the app at redirect_url, or the store page when the app is not installed.
 */
export const INSTALL_INVITATION = 1;

export interface BannerSituation {
  /** The phone's system; null on desktops and other systems, which have no app to offer. */
  platform: AppPlatform | null;
  /** Inside the apps' webviews the shopper already has the app. */
  inApp: boolean;
  /** The shopper closed the banner (app-banner/dismissal.ts). */
  dismissed: boolean;
}

/**
 * Where the button goes. `link`: followed as it is (a web page, a store page, Android's intent link, which opens
 * the app or else the store, or an iOS universal link, which opens the app or else its web page). `app`: an iOS
 * link of the app's own scheme, which Safari cannot fall back from: the island opens it, then the store page if
 * the shopper is still on the page a moment later (the app did not open).
 */
export type BannerAction = { kind: 'link'; href: string } | { kind: 'app'; href: string; fallback: string };

const isHttps = (url: string) => /^https:\/\/[^/\s]+/i.test(url);
/** A path of this site ('/id/event/x/'), not a protocol-relative address ('//elsewhere'). */
const isSitePath = (url: string) => /^\/(?!\/)/.test(url);
const ownScheme = (url: string) => url.toLowerCase().startsWith(`${STORE_APP.scheme}://`);

/**
 * Android's intent link: Chrome (and the browsers that follow it) open the app's package at the link, or, when it
 * is not installed, the fallback address.
 * @example intentLink('mistore://home?local=id', 'https://play.google.com/…')
 *   // 'intent://home?local=id#Intent;scheme=mistore;package=com.mi.global.shop;S.browser_fallback_url=…;end'
 */
export function intentLink(url: string, fallback: string): string {
  const at = url.indexOf('://');
  const scheme = url.slice(0, at).toLowerCase();
  return (
    `intent://${url.slice(at + 3)}#Intent;scheme=${scheme};package=${STORE_APP.androidPackage};` +
    `S.browser_fallback_url=${encodeURIComponent(fallback)};end`
  );
}

/** Where the banner's button takes a shopper on `platform`; null when redirect_url is nothing the banner may open. */
export function bannerAction(diversion: Diversion, platform: AppPlatform): BannerAction | null {
  const store = appStorePage(platform);
  if (diversion.appInstallStatus === INSTALL_INVITATION) return { kind: 'link', href: store };
  const url = diversion.redirectUrl.trim();
  if (diversion.redirectUrlType === REDIRECT_URL_TYPE.web)
    return isHttps(url) || isSitePath(url) ? { kind: 'link', href: url } : null;
  if (diversion.redirectUrlType !== REDIRECT_URL_TYPE.app) return null;
  // Only the app's own scheme or https: never javascript:, data: or another app's links.
  if (!ownScheme(url) && !isHttps(url)) return null;
  if (platform === 'android') return { kind: 'link', href: intentLink(url, store) };
  return ownScheme(url) ? { kind: 'app', href: url, fallback: store } : { kind: 'link', href: url };
}

/** Whether the banner shows: published, switched on, with something to say, on a phone, outside the app, not closed. */
export function bannerShows(diversion: Diversion, situation: BannerSituation): boolean {
  if (diversion.publishStatus !== PUBLISHED || diversion.diversionSwitchStatus !== SWITCHED_ON) return false;
  if (!situation.platform || situation.inApp || situation.dismissed) return false;
  if (!diversion.title.trim() && !diversion.content.trim()) return false;
  return bannerAction(diversion, situation.platform) !== null;
}

/**
 * The channel whose banner to ask for: the page's `channel_tag`, else its campaign (`utm_campaign`), when it is a
 * tag the API takes; null asks for the storefront's default banner.
 */
export function channelTag(search: string): string | null {
  const query = new URLSearchParams(search);
  const tag = query.get('channel_tag') ?? query.get('utm_campaign');
  return tag && /^[A-Za-z0-9_.-]{1,64}$/.test(tag) ? tag : null;
}

/** The button's words when the banner has none of its own: an invitation installs, the others open the app. */
export function fallbackButtonKey(diversion: Diversion): 'app.banner.install' | 'app.banner.open' {
  return diversion.appInstallStatus === INSTALL_INVITATION ? 'app.banner.install' : 'app.banner.open';
}
