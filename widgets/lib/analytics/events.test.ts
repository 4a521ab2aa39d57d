import { describe, expect, it } from 'vitest';
import type { PriceDisplay } from '../price';
import { addToCartEvent, purchaseEvent } from './events';

const display = (currency: string) => ({ currency }) as PriceDisplay;

describe('money events', () => {
  it('add to cart: the island’s major-unit price times the quantity, in minor units of the currency', () => {
    expect(addToCartEvent('redmi-note-14', 299.9, 2, display('EUR'))).toEqual({
      kind: 'add_to_cart',
      target: 'redmi-note-14',
      value: 59980,
      currency: 'EUR',
      quantity: 2,
    });
    // The currency's minor digits are the platform's (region-config/money.ts), as the server's amounts are.
    expect(addToCartEvent('poco-f7', 12.5, 3, display('KWD'))?.value).toBe(37_500);
    expect(addToCartEvent('poco-f7', 49_800, 1, display('JPY'))?.value).toBe(49_800);
    expect(addToCartEvent('x', 1, 1, undefined)).toBeNull();
  });

  it('purchase: the order id and its total as the API gives it', () => {
    expect(purchaseEvent('5001234', 1_259_900, 'IDR')).toEqual({
      kind: 'purchase',
      target: '5001234',
      value: 1_259_900,
      currency: 'IDR',
    });
  });
});
