/**
 * How long a convenience-store (konbini) payment code stays payable, and so how long the order and its stock wait:
 * 6 hours, or 2 hours when the order holds phones. An order holds phones when one of its lines is a product of the
 * catalogue category `phones` (refurbished phones are their own category and keep the 6 hours). The window is short
 * for phones because they are the stock other shoppers wait for.
 */
export const KONBINI_WINDOW_MS = 6 * 60 * 60_000;
export const KONBINI_PHONES_WINDOW_MS = 2 * 60 * 60_000;

/** The catalogue category that makes an order one that "holds phones". */
export const PHONES_CATEGORY = 'phones';

/** The konbini window of an order whose lines are of these product categories. */
export function konbiniWindowMs(categories: readonly string[]): number {
  return categories.includes(PHONES_CATEGORY) ? KONBINI_PHONES_WINDOW_MS : KONBINI_WINDOW_MS;
}
