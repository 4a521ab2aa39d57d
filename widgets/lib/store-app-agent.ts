import type { AppPlatform } from '../../sites/store-app';
import { USER_AGENT_TOKEN } from './app-bridge/wire-names';

/**
 * What the browser's user agent says about the store's apps and the phone. The apps' webviews add the token
 * `StoreApp/<version> (<platform>)` to their user agent (the app bridge's contract, app-bridge/wire-names.ts).
 */

/** The app's version in a user agent (`… StoreApp/3.17.0 (ios) …` → '3.17.0'), or null outside the apps' webviews. */
export function storeAppVersion(userAgent: string): string | null {
  return USER_AGENT_TOKEN.exec(userAgent)?.[1] ?? null;
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
