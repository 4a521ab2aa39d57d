/**
 * Where shoppers get the store app: its Google Play and App Store pages, one place for the islands (the "update the
 * app" notice of the app bridge). The footer's app block takes its Google Play link from the header-footer content,
 * which carries this same URL (app-stores.test.ts checks every storefront's snapshot against it).
 */
export type AppStorePlatform = 'android' | 'ios';

export const APP_STORE_PAGES: Readonly<Record<AppStorePlatform, string>> = {
  android: 'https://play.google.com/store/apps/details?id=com.mi.global.shop',
  // The iOS app's App Store id is the iOS team's to confirm before release; the footer has no App Store link to
  // check it against.
  ios: 'https://apps.apple.com/app/xiaomi-store/id1495295563',
};

/** The app's page in the platform's store, where an old app is updated. */
export function appStorePage(platform: AppStorePlatform): string {
  return APP_STORE_PAGES[platform];
}
