/**
 * The functional cookie that remembers the shopper's answer to the other-country tip (the storefront chosen). Its own
 * file so the consent gate's cookie list can name it without taking the API schemas into the islands' core.
 */
export const COUNTRY_CHOICE_COOKIE = 'store_choice';
