/**
 * The store's own app on phones: its listings in the two app stores and the scheme of the links that open it.
 * One place for the app banner (widgets/app-banner), which sends shoppers to the app or to its store page, for the
 * app bridge's "update the app" notice, and for the seed's default banner (server/db/seed.ts), whose button opens the
 * app. The footer's app block takes its Google Play link from the header-footer content, which carries this same
 * listing (store-app.test.ts checks every storefront's snapshot against it).
 */
export const STORE_APP = {
  /** The Android package: Google Play's listing, and the app an intent link asks Android to open. */
  androidPackage: 'com.mi.global.shop',
  /**
   * The App Store listing's id (apps.apple.com/app/id…, which opens the shopper's own country's store). The iOS team
   * confirms it before release: no content names it, and the footer has no App Store link to check it against.
   */
  appStoreId: '1104421409',
  /** The scheme of the app's own links: `mistore://home?local=id` opens the app on a storefront's home. */
  scheme: 'mistore',
} as const;

export type AppPlatform = 'ios' | 'android';

/** The app's page in the app store of the phone's system. */
export function appStorePage(platform: AppPlatform): string {
  return platform === 'ios'
    ? `https://apps.apple.com/app/id${STORE_APP.appStoreId}`
    : `https://play.google.com/store/apps/details?id=${STORE_APP.androidPackage}`;
}

/**
 * The app's link to a storefront's home, the default banner's target.
 * @example appHomeLink('id') // 'mistore://home?local=id'
 */
export function appHomeLink(urlLocal: string): string {
  return `${STORE_APP.scheme}://home?local=${encodeURIComponent(urlLocal)}`;
}
