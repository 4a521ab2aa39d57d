import { APP_BANNER_CLOSED_DAYS, APP_BANNER_COOKIE, readCookie, writeCookie } from '../consent-gate';

/**
 * Without functional consent the cookie may not be written: the banner then stays closed for this tab only (session
 * storage, gone with the tab, like the other-country tip's answer).
 */
const TAB_KEY = APP_BANNER_COOKIE;

/** Whether the shopper closed the banner: in the last month (functional cookie) or in this tab. */
export function bannerDismissed(): boolean {
  if (readCookie(APP_BANNER_COOKIE) !== null) return true;
  try {
    return sessionStorage.getItem(TAB_KEY) !== null;
  } catch {
    return false;
  }
}

/** Remembers that the shopper closed the banner, as long as the consent allows. */
export function dismissBanner(): void {
  if (writeCookie(APP_BANNER_COOKIE, '1', { days: APP_BANNER_CLOSED_DAYS })) return;
  try {
    sessionStorage.setItem(TAB_KEY, '1');
  } catch {
    // Storage refused (private mode): the banner may come back on the next page, which is all that is lost.
  }
}
