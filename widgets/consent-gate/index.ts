import { storedConsent } from '../state/consent';
import { serializeConsent, type Category } from './categories';
import { CONSENT_COOKIE } from './cookie-names';
import { readCookie, removeDisallowedCookies, writeCookie } from './cookies';

/** Consent is kept for a year, then asked again. */
const CONSENT_DAYS = 365;

/** Loads the stored choice from its cookie into the consent state; the runtime calls this before any island mounts. */
export function initConsent(): void {
  storedConsent.value = readCookie(CONSENT_COOKIE);
}

/** Records the visitor's choice (required is always included), then removes cookies it no longer allows. */
export function saveConsent(categories: Iterable<Category>): void {
  const value = serializeConsent(categories);
  storedConsent.value = value;
  writeCookie(CONSENT_COOKIE, value, { days: CONSENT_DAYS });
  removeDisallowedCookies();
  document.dispatchEvent(new CustomEvent('consent:change', { detail: value }));
}

export { CATEGORY, ALL_CATEGORIES, type Category, type CategoryName } from './categories';
export { readCookie, writeCookie, removeCookie, mayWriteCookie } from './cookies';
export {
  APP_BANNER_CLOSED_DAYS,
  APP_BANNER_COOKIE,
  CONSENT_COOKIE,
  LANGUAGE_COOKIE,
  TRACKING_COOKIE,
} from './cookie-names';
export { allowedCategories, consentPending } from '../state/consent';
