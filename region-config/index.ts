/**
 * Country and storefront settings with their formatters and rules. Browser-safe: no fs, no ajv
 * (schema validation is in validate.ts, Node side).
 */
export type {
  RegionSettings,
  LanguageSettings,
  DateFormatKey,
  DateFormats,
  ShareNetwork,
  DeployArea,
} from './region.schema';
export { dateFormatKeys, shareNetworks, deployAreas } from './region.schema';
export type { PriceDisplay } from './price-display.schema';
export { regionSettings, getRegionSettings, isKnownLocal } from './regions';
export { REGION_DEFAULTS, DEFAULT_TIMEZONE, defaultRegionSettings } from './defaults';
export type { Storefront } from './storefronts';
export { storefronts, getStorefront, catalogueCandidates } from './storefronts';
export { formatPrice, toPriceNumber, BLIND_PRICE, INVALID_PRICE } from './format-price';
export { formatDate, INVALID_DATE } from './format-date';
export {
  EMAIL_PATTERN,
  PHONE_LIKE_PATTERN,
  URL_PATTERN,
  CHAT_LANGUAGE_PATTERN,
  POSTAL_CODE_PATTERN,
  isValidEmail,
  isPhoneLike,
  isValidUrl,
  chatLanguageOr,
} from './validation';
export { phoneRule, postalRule, isValidPhone, isValidPostalCode } from './phone-postal';
