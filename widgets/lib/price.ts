import { formatPrice } from '../../region-config/format-price';
import type { PriceDisplay } from '../../region-config/price-display.schema';

/** Price text in the storefront's display (region-config owns the rule); widgets get the display in props. */
export function price(value: number | null | undefined, display: PriceDisplay | undefined): string {
  if (!display) return value === null || value === undefined ? '---' : String(value);
  return formatPrice(value, display);
}
export type { PriceDisplay };
