/**
 * Gift cards: sold as a product in four values per country, delivered by mail as a code after payment,
 * redeemable 24 hours after purchase, valid three years, at most 10 per order. Values are round amounts of the
 * country's currency, derived from one euro list like the delivery fees.
 */
import { commerceRules, converted } from './commerce';
import { toMajor } from '../region-config/money';

export const GIFT_CARD_PRODUCT_ID = 'gift-card';
export const GIFT_CARD_CATEGORY = 'gift-cards';
/** A card bought today can be used from this many hours after payment. */
export const GIFT_CARD_REDEEMABLE_AFTER_HOURS = 24;
export const GIFT_CARD_VALID_YEARS = 3;
/** At most 10 gift cards per order. */
export const MAX_GIFT_CARDS_PER_ORDER = 10;
/** One order buys at most this many cards. */
export const GIFT_CARD_PURCHASE_LIMIT = 10;
/** A code: 16 characters without look-alikes (no 0/O, 1/I/L), shown in groups of four. */
export const GIFT_CARD_CODE_PATTERN = '^[A-HJKMNP-Z2-9]{16}$';

const EURO_VALUES = [25, 50, 100, 200] as const;

/** The values (minor units) a gift card is sold in, in a country. */
export function giftCardValues(local: string): number[] {
  const { currency } = commerceRules(local);
  return EURO_VALUES.map((euros) => converted(euros, currency));
}

/**
 * The commodity of one value in one country. Commodity ids are numeric and global, so the id carries the country
 * (its two letters as a number 0–675) and the value's place: 9900 + country + place, e.g. 99002111 for the second value
 * in id.
 */
export function giftCardCommodityId(local: string, valueMinor: number): string {
  const country = (local.charCodeAt(0) - 97) * 26 + (local.charCodeAt(1) - 97);
  const place = giftCardValues(local).indexOf(valueMinor);
  if (place < 0 || !/^[a-z]{2}$/.test(local)) throw new Error(`no gift card of ${valueMinor} in ${local}`);
  return `9900${String(country).padStart(3, '0')}${place}`;
}

/** The catalogue rows of the gift cards: one commodity per country and value, sold at face value. */
export function giftCardOffers(
  locals: readonly string[],
): { commodityId: string; local: string; currency: string; price: number; valueMinor: number }[] {
  return locals.flatMap((local) => {
    const { currency } = commerceRules(local);
    return giftCardValues(local).map((valueMinor) => ({
      commodityId: giftCardCommodityId(local, valueMinor),
      local,
      currency,
      price: toMajor(valueMinor, currency),
      valueMinor,
    }));
  });
}

/** Normalises what a shopper typed (spaces, dashes, lower case) to the stored code. */
export function normaliseGiftCardCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}
