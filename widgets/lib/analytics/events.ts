/** The events islands report about money, built the same way wherever they happen. */
import { toMinor } from '../../../region-config/money';
import { displayFor, type PriceDisplay } from '../price';
import type { TrackedEvent } from './track';

/**
 * A product put in the cart: its value in minor units of the storefront's currency (the island's prices are major
 * units, as the build wrote them). Null when the storefront's currency is unknown.
 * @example addToCartEvent('redmi-note-14', 299.9, 2, deDisplay) → { value: 59980, currency: 'EUR', quantity: 2 }
 */
export function addToCartEvent(
  productId: string,
  unitPrice: number,
  quantity: number,
  display: PriceDisplay | undefined = displayFor(),
): TrackedEvent | null {
  if (!display) return null;
  const { currency } = display;
  return {
    kind: 'add_to_cart',
    target: productId.slice(0, 120),
    value: Math.max(0, toMinor(unitPrice * quantity, currency)),
    currency,
    quantity,
  };
}

/** An order paid: its id and total (minor units, as the API gives them). */
export function purchaseEvent(orderId: string, total: number, currency: string): TrackedEvent {
  return { kind: 'purchase', target: orderId.slice(0, 120), value: Math.max(0, total), currency };
}
