import { describe, expect, it } from 'vitest';
import { localPrice, shelfPrice } from './prices';

describe('shelfPrice', () => {
  it('ends rupiah in 9.000, yen in 80, won in 9,900, dong in 90.000 and rupees in 999', () => {
    expect(shelfPrice(4_312_345, 'IDR')).toBe(4_309_000);
    expect(shelfPrice(54_960, 'JPY')).toBe(54_980);
    expect(shelfPrice(553_210, 'KRW')).toBe(549_900);
    expect(shelfPrice(8_640_000, 'VND')).toBe(8_590_000);
    expect(shelfPrice(24_700, 'INR')).toBe(24_999);
  });
  it('gives euro-style prices .99 endings and Swiss francs .90', () => {
    expect(shelfPrice(348.2, 'EUR')).toBe(349.99);
    expect(shelfPrice(19.4, 'GBP')).toBe(18.99);
    expect(shelfPrice(341, 'CHF')).toBe(339.9);
  });
  it('rounds other currencies to two significant digits minus one step', () => {
    expect(shelfPrice(1_488, 'PLN')).toBe(1_499);
    expect(shelfPrice(141_000, 'HUF')).toBe(139_900);
  });
});

describe('localPrice', () => {
  it('uses the country currency', () => {
    expect(localPrice(399, 'id').currency).toBe('IDR');
    expect(localPrice(399, 'bg').currency).toBe('EUR');
    expect(localPrice(399, 'kh').currency).toBe('USD');
  });
  it('refuses a country outside the storefront table', () => {
    expect(() => localPrice(399, 'zz')).toThrow(/zz/);
  });
});
