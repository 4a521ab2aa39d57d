import { formatPrice } from '../../region-config/format-price';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import priceDisplays from '../../sites/price-displays.json';
import { site } from '../state/site';

/** The display of the storefront's country when the host did not pass one (sites/ owns the table). */
export function displayFor(local: string = site.value.local): PriceDisplay | undefined {
  return (priceDisplays as Record<string, PriceDisplay>)[local];
}

/** Price text in the storefront's display (region-config owns the formatting rule). */
export function price(value: number | null | undefined, display?: PriceDisplay): string {
  const d = display ?? displayFor(site.value.local);
  if (!d) return value === null || value === undefined ? '---' : String(value);
  return formatPrice(value, d);
}
export type { PriceDisplay };
