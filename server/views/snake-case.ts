/** `salePriceIsEQ` → `sale_price_is_e_q`: the inverse of the clients' camelCase, so a round trip is exact. */
export function snakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Deep copy with snake_case object keys (arrays and values kept). */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeKey(k), snakeKeys(v)]));
  }
  return value;
}
