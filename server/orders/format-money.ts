import type { Storefront } from '../storefront';
import { formatPrice } from '../../region-config/format-price';
import { toMajor } from '../../region-config/money';
import { getSiteConfig } from '../../sites/site-config';

/** A minor-unit amount in the country's price format (Rp12.379.000, 1.299,00 €). */
export function money(storefront: Storefront, minor: number, currency: string): string {
  return formatPrice(toMajor(minor, currency), getSiteConfig(storefront.local).priceDisplay);
}
