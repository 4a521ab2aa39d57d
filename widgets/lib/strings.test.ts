import { describe, expect, it } from 'vitest';
import { t } from './strings';

describe('widget strings', () => {
  it('uses the translation, else the English default, and fills both placeholder forms', () => {
    expect(t({ a: 'Hasil untuk "{{key}}"' }, 'a', 'x', { key: 'hp' })).toBe('Hasil untuk "hp"');
    expect(t(undefined, 'a', 'Cart, {count} items', { count: 2 })).toBe('Cart, 2 items');
    expect(t({ a: '' }, 'a', 'Fallback')).toBe('Fallback');
    expect(t({}, 'a', 'Keep {unknown}')).toBe('Keep {unknown}');
  });
});
