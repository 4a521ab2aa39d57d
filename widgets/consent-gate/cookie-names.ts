import { CATEGORY, type Category } from './categories';
import { COUNTRY_CHOICE_COOKIE } from '../../server/schemas/country-choice';

/** The stored consent preference (prefix form); itself required. */
export const CONSENT_COOKIE = 'cookie_preference';
/** The chosen language (language popover). */
export const LANGUAGE_COOKIE = 'lang';
/** Last traffic source and utm parameters (tracking params). */
export const TRACKING_COOKIE = 'utm_params';
/** The shopper closed the app banner (widgets/app-banner): it stays away for a while. */
export const APP_BANNER_COOKIE = 'app_banner_closed';
/** How long the closed app banner stays away: a month, then the shopper may be asked again. */
export const APP_BANNER_CLOSED_DAYS = 30;

/**
 * Every cookie the widgets write, with its category: the one list the cookie helper and the
 * "revoke" clean-up read. A cookie missing here cannot be written.
 */
export const COOKIE_CATEGORY: Readonly<Record<string, Category>> = {
  [CONSENT_COOKIE]: CATEGORY.required,
  [LANGUAGE_COOKIE]: CATEGORY.functional,
  [TRACKING_COOKIE]: CATEGORY.advertising,
  session_source: CATEGORY.analytical,
  /** The shopper's answer to the other-country tip (the storefront chosen), so it is offered once. */
  [COUNTRY_CHOICE_COOKIE]: CATEGORY.functional,
  /** A preference like the language: without functional consent the banner stays closed for the tab only. */
  [APP_BANNER_COOKIE]: CATEGORY.functional,
};
