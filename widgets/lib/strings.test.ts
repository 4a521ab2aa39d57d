import { describe, expect, it } from 'vitest';
import { camel, oneOf, t } from './strings';

describe('widget strings', () => {
  it('uses the translation and fills both placeholder forms', () => {
    expect(t({ a: 'Hasil untuk "{{key}}"' }, 'a', { key: 'hp' })).toBe('Hasil untuk "hp"');
    expect(t({ a: 'Cart, {count} items' }, 'a', { count: 2 })).toBe('Cart, 2 items');
    expect(t({ a: 'Keep {unknown}' }, 'a')).toBe('Keep {unknown}');
  });

  it('shows the key itself when the page was given no text for it (no silent English)', () => {
    expect(t(undefined, 'cart.empty')).toBe('cart.empty');
    expect(t({}, 'cart.empty')).toBe('cart.empty');
  });

  it('camel-cases state names as the catalogue keys spell them', () => {
    expect(camel('not_solved')).toBe('notSolved');
    expect(camel('trade-in')).toBe('tradeIn');
    expect(camel('open')).toBe('open');
  });

  it('narrows a value from the server to the known ones', () => {
    expect(oneOf(['a', 'b'] as const, 'b', 'a')).toBe('b');
    expect(oneOf(['a', 'b'] as const, 'zzz', 'a')).toBe('a');
  });
});
