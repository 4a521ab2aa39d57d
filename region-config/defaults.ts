import type { RegionSettings } from './region.schema';

/** A country without a configured zone formats in Asia/Shanghai. */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/**
 * Defaults, used for a code that has no entry ("an unknown code is treated as a country with English (US) settings").
 */
export const REGION_DEFAULTS = {
  lang: 'en-US',
  phoneCode: '+1',
  phoneMaxLength: 20,
  zipCodeMaxLength: 10,
  shareSocialList: ['facebook', 'twitter', 'clipboard'],
  dayjsTimezone: DEFAULT_TIMEZONE,
  deployArea: 'sgp',
} as const;

/**
 * en-US settings for an unknown code; siteCode, urlLocal and apiLocal are the (lower-cased) code itself, because
 * siteCode is derived from the API locale. Callers decide whether an unknown code is served at all.
 */
export function defaultRegionSettings(code: string): RegionSettings {
  const local = code.toLowerCase();
  return {
    local,
    lang: REGION_DEFAULTS.lang,
    languages: [
      {
        lang: REGION_DEFAULTS.lang,
        urlLocal: local,
        apiLocal: local,
        langTitle: 'English',
        localTitle: local.toUpperCase(),
        i18n: 'en',
        dir: 'ltr',
        dayjsLocal: 'en',
        xmsLanguage: 'en_US',
        isDefault: true,
      },
    ],
    isToC: true,
    currency: 'USD',
    dayjsLocal: 'en',
    dayjsTimezone: REGION_DEFAULTS.dayjsTimezone,
    deployArea: REGION_DEFAULTS.deployArea,
    dateFormats: {
      dateTimeFormat: 'MM/DD/YYYY hh:mm:ss A',
      dateTimeFormatNoSecond: 'MM/DD/YYYY hh:mm A',
      dateTimeFormatNoYearSecond: 'MM/DD hh:mm A',
      dateFormatOnlyDate: 'MM/DD/YYYY',
      dateFormatDayWeek: 'dddd, MMMM D, YYYY',
      dateFormatNumMDay: 'MM/DD',
      dateFormatLongMDay: 'MMMM D',
      dateFormatAbbrMDay: 'MMM D',
      dateFormatYear: 'YYYY',
      dateFormatMonth: 'MMMM YYYY',
      dateFormatDay: 'D',
    },
    unicodePropertyEscapes: ['\\p{Script=Latin}'],
    shareSocialList: [...REGION_DEFAULTS.shareSocialList],
    phoneCode: REGION_DEFAULTS.phoneCode,
    phoneMaxLength: REGION_DEFAULTS.phoneMaxLength,
    zipCodeMaxLength: REGION_DEFAULTS.zipCodeMaxLength,
    siteCode: local,
    siteId: 840,
    regionId: 'US',
    xmsLanguage: 'en_US',
    signUpUrl: '/site/login?scene=register',
    capitalLongitude: -77.0369,
    capitalLatitude: 38.9072,
    serviceOnline: 'Customer service {hours}. Phone: {phone}. Email: {email}',
    serviceEmail: 'support@mistore.shop',
    serviceTimeLimit: '09:00-18:00',
    countryFullName: 'United States',
  };
}
