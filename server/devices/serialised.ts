import type { ProductCategory } from '../../content/schemas/products.schema';

/**
 * The products sold as numbered units: each unit has a serial number (a phone also its IMEI), is listed among the
 * buyer's devices and has a warranty of its own. Accessories (cables, chargers, cases) are sold by the piece.
 */
export const SERIALISED_CATEGORIES: readonly ProductCategory[] = [
  'phones',
  'tablets',
  'wearables',
  'scooters',
  'tvs',
  'appliances',
  'refurbished',
];

/** Whether units of a product of this catalogue category carry a number of their own. */
export const isSerialised = (category: string): boolean =>
  (SERIALISED_CATEGORIES as readonly string[]).includes(category);

/** The categories as an SQL list, for reads that mark lines (constants only: no shopper input reaches it). */
export const SERIALISED_SQL = `(${SERIALISED_CATEGORIES.map((c) => `'${c}'`).join(', ')})`;
