import { describe, expect, it } from 'vitest';
import { ORDER_STATES } from '../schemas/order';
import { CANCELLABLE_PAID_STATES, canMove, SHIPPABLE_STATES, TRANSITIONS } from './lifecycle';

describe('the order transition table', () => {
  it('names every state, and moves only to known states', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ORDER_STATES].sort());
    for (const to of Object.values(TRANSITIONS).flat()) expect(ORDER_STATES).toContain(to);
  });

  it('goes paid → processing → partly shipped or shipped → delivered, and never back', () => {
    expect(canMove('paid', 'processing')).toBe(true);
    expect(canMove('processing', 'partially_shipped')).toBe(true);
    expect(canMove('processing', 'shipped')).toBe(true);
    expect(canMove('partially_shipped', 'shipped')).toBe(true);
    expect(canMove('shipped', 'delivered')).toBe(true);
    expect(canMove('delivered', 'shipped')).toBe(false);
    expect(canMove('unpaid', 'processing')).toBe(false);
    expect(canMove('in_review', 'paid')).toBe(false);
    expect(TRANSITIONS.delivered).toEqual([]);
    expect(TRANSITIONS.cancelled).toEqual([]);
  });

  it('allows cancelling a paid order only while nothing has shipped', () => {
    expect(CANCELLABLE_PAID_STATES).toEqual(['paid', 'processing']);
    for (const state of ['partially_shipped', 'shipped', 'delivered'] as const)
      expect(canMove(state, 'cancelled')).toBe(false);
    expect(SHIPPABLE_STATES).not.toContain('unpaid');
    expect(SHIPPABLE_STATES).not.toContain('in_review');
  });
});
