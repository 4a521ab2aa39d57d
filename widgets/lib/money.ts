import { price } from './price';
import type { PriceDisplay } from '../../region-config/price-display.schema';

/** Minor units (integer, with the currency's exponent) in the storefront's price format. */
export function money(minor: number, exponent: number, display?: PriceDisplay): string {
  return price(minor / 10 ** exponent, display);
}
