import { describe, expect, it } from 'vitest';
import { KONBINI_PHONES_WINDOW_MS, KONBINI_WINDOW_MS, konbiniWindowMs } from './konbini-window';

describe('the konbini payment window', () => {
  it('is 6 hours, or 2 hours when the order holds phones', () => {
    expect(KONBINI_WINDOW_MS).toBe(6 * 3_600_000);
    expect(KONBINI_PHONES_WINDOW_MS).toBe(2 * 3_600_000);
    expect(konbiniWindowMs(['tvs', 'accessories'])).toBe(KONBINI_WINDOW_MS);
    expect(konbiniWindowMs(['accessories', 'phones'])).toBe(KONBINI_PHONES_WINDOW_MS);
    expect(konbiniWindowMs(['refurbished'])).toBe(KONBINI_WINDOW_MS);
    expect(konbiniWindowMs([])).toBe(KONBINI_WINDOW_MS);
  });
});
