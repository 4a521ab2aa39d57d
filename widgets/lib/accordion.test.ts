import { describe, expect, it } from 'vitest';
import { AccordionGroup } from './accordion';

describe('accordion group', () => {
  it('keeps one open: opening one folds the others, clicking the open one closes it', () => {
    const g = new AccordionGroup();
    ['a', 'b', 'c'].forEach((id) => g.track(id));
    expect(g.toggle('a')).toEqual({ open: 'a', close: ['b', 'c'] });
    expect(g.toggle('b')).toEqual({ open: 'b', close: ['a', 'c'] });
    expect(g.toggle('b')).toEqual({ open: null, close: ['b'] });
  });
  it('tracks at most 5', () => {
    const g = new AccordionGroup();
    expect([1, 2, 3, 4, 5, 6].map((i) => g.track(String(i)))).toEqual([true, true, true, true, true, false]);
    expect(g.toggle('6')).toEqual({ open: null, close: [] });
  });
});
