/** A token that makes a retried "place order" return the first order (kept for this visit of the checkout). */
export function checkoutToken(): string {
  const key = 'checkout-token';
  const stored = sessionStorage.getItem(key);
  if (stored) return stored;
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const token = `ck_${hex}`;
  sessionStorage.setItem(key, token);
  return token;
}

/** After an order exists the next checkout is a new purchase. */
export function forgetCheckoutToken(): void {
  sessionStorage.removeItem('checkout-token');
}
