import type { AppPlatform } from '../../sites/store-app';

/**
 * What the browser's user agent says about the store's apps and the phone. The apps' webviews add the token
 * `StoreApp/<version>` to their user agent; the app bridge's host detection (widgets/lib/app-bridge) is to
 * take this over, so keep it to these few pure functions.
 */

/** The app's version in a user agent (`… StoreApp/3.17.0 …` → '3.17.0'), or null outside the apps' webviews. */
export function storeAppVersion(userAgent: string): string | null {
  return /\bStoreApp\/(\d+(?:\.\d+){0,3})\b/.exec(userAgent)?.[1] ?? null;
}

/**
 * Whether two versions are the same release: '3.17' and '3.17.0' are, '3.17.1' is not.
 * @example sameVersion('3.17', '3.17.0') // true
 */
export function sameVersion(a: string, b: string): boolean {
  const parts = (version: string) => version.split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  return Array.from({ length: Math.max(x.length, y.length) }, (_, i) => i).every((i) => (x[i] ?? 0) === (y[i] ?? 0));
}

/**
 * The phone's system, for the store link of the right app store; null on desktops and other systems. iPadOS
 * presents itself as a Mac: a "Macintosh" with a touch screen is an iPad.
 */
export function mobilePlatform(userAgent: string, maxTouchPoints = 0): AppPlatform | null {
  if (/\bAndroid\b/i.test(userAgent)) return 'android';
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}
