import { describe, expect, it } from 'vitest';
import { formatPrice, toPriceNumber } from './format-price';
import type { PriceDisplay } from './price-display.schema';

const de: PriceDisplay = {
  currency: 'EUR',
  prefix: '',
  suffix: ' €',
  position: 'suffix',
  thousandsSeparator: '.',
  decimalSeparator: ',',
  decimals: 2,
};
const uk: PriceDisplay = {
  currency: 'GBP',
  prefix: '£',
  suffix: '',
  position: 'prefix',
  thousandsSeparator: ',',
  decimalSeparator: '.',
  decimals: 2,
};
const id: PriceDisplay = {
  currency: 'IDR',
  prefix: 'Rp',
  suffix: '',
  position: 'prefix',
  thousandsSeparator: '.',
  decimalSeparator: ',',
  decimals: 0,
};
const inr: PriceDisplay = {
  currency: 'INR',
  prefix: '₹',
  suffix: '',
  position: 'prefix',
  thousandsSeparator: ',',
  decimalSeparator: '.',
  decimals: 0,
  grouping: 'indian',
};
const ch: PriceDisplay = {
  currency: 'CHF',
  prefix: 'CHF ',
  suffix: '',
  position: 'prefix',
  thousandsSeparator: '’',
  decimalSeparator: '.',
  decimals: 2,
};

describe('formatPrice', () => {
  it('puts the currency before or after and uses the separators of the display', () => {
    expect(formatPrice(1299, de)).toBe('1.299,00 €');
    expect(formatPrice(1299, uk)).toBe('£1,299.00');
    expect(formatPrice(1299000, id)).toBe('Rp1.299.000');
    expect(formatPrice(1234567.891, ch)).toBe('CHF 1’234’567.89');
  });

  it('groups only above three digits, and in lakhs for the indian grouping', () => {
    expect(formatPrice(999, uk)).toBe('£999.00');
    expect(formatPrice(1000, uk)).toBe('£1,000.00');
    expect(formatPrice(1234567890, uk)).toBe('£1,234,567,890.00');
    expect(formatPrice(999, inr)).toBe('₹999');
    expect(formatPrice(12999, inr)).toBe('₹12,999');
    expect(formatPrice(129999, inr)).toBe('₹1,29,999');
    expect(formatPrice(12345678, inr)).toBe('₹1,23,45,678');
  });

  it('rounds to an integer where the display says so, half away from zero', () => {
    expect(formatPrice(1299999.5, id)).toBe('Rp1.300.000');
    expect(formatPrice(1299999.49, id)).toBe('Rp1.299.999');
    expect(formatPrice(1.005, uk)).toBe('£1.01');
    expect(formatPrice(2.675, de)).toBe('2,68 €');
    expect(formatPrice(0.1 + 0.2, uk)).toBe('£0.30');
  });

  it('handles zero and negative values', () => {
    expect(formatPrice(0, de)).toBe('0,00 €');
    expect(formatPrice(0, id)).toBe('Rp0');
    expect(formatPrice(-1299.5, uk)).toBe('-£1,299.50');
    expect(formatPrice(-1299.5, de)).toBe('-1.299,50 €');
    expect(formatPrice(-0.001, uk)).toBe('£0.00');
    expect(formatPrice(-0.4, id)).toBe('Rp0');
  });

  it('accepts numeric strings', () => {
    expect(formatPrice('1299', de)).toBe('1.299,00 €');
    expect(formatPrice(' 1299.5 ', uk)).toBe('£1,299.50');
    expect(formatPrice('-5', uk)).toBe('-£5.00');
    expect(formatPrice('1e3', uk)).toBe('£1,000.00');
  });

  it('shows --- for invalid numbers', () => {
    for (const bad of [
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      ' ',
      'abc',
      '12abc',
      '1,299',
      '1.2.3',
      '--1',
    ]) {
      expect(formatPrice(bad as number | string | null | undefined, uk), String(bad)).toBe('---');
    }
  });

  it('shows ??? for a blind price whatever the value', () => {
    expect(formatPrice(1299, uk, { blind: true })).toBe('???');
    expect(formatPrice(null, uk, { blind: true })).toBe('???');
    expect(formatPrice(1299, uk, { blind: false })).toBe('£1,299.00');
  });
});

describe('toPriceNumber', () => {
  it('parses numbers and plain numeric strings only', () => {
    expect(toPriceNumber(12.5)).toBe(12.5);
    expect(toPriceNumber('.5')).toBe(0.5);
    expect(toPriceNumber('+7')).toBe(7);
    expect(toPriceNumber('0x10')).toBeUndefined();
    expect(toPriceNumber('Infinity')).toBeUndefined();
  });
});
