import { describe, expect, it } from 'vitest';
import { saleView, settled } from './sale-state';

const start = Date.parse('2030-01-01T10:00:00Z');
const end = start + 3_600_000;
const facts = { startsAt: start, endsAt: end, sale: null, place: null };

describe('saleView', () => {
  it('counts down before the start on the given clock, and is live at the start second without an answer', () => {
    expect(saleView(facts, start - 61_500)).toEqual({ kind: 'upcoming', secondsLeft: 62 });
    expect(saleView(facts, start)).toEqual({ kind: 'live', left: null });
  });

  it('is ended at the end (half-open window) and when the server says so', () => {
    expect(saleView(facts, end).kind).toBe('ended');
    expect(saleView({ ...facts, sale: { phase: 'ended', left: 3 } }, start + 1).kind).toBe('ended');
  });

  it('is sold out on the server word, on an enter answer, or with no units left', () => {
    expect(saleView({ ...facts, sale: { phase: 'sold_out', left: 0 } }, start + 1).kind).toBe('sold_out');
    expect(saleView({ ...facts, sale: { phase: 'live', left: 0 } }, start + 1).kind).toBe('sold_out');
    expect(saleView({ ...facts, place: { state: 'sold_out' } }, start + 1).kind).toBe('sold_out');
  });

  it('stays live with no unit left when the sale has a waiting room (asks still get a place in line)', () => {
    const full = { phase: 'live' as const, left: 0, waitingRoom: true };
    expect(saleView({ ...facts, sale: full }, start + 1)).toEqual({ kind: 'live', left: 0 });
    expect(saleView({ ...facts, sale: { ...full, phase: 'sold_out' } }, start + 1).kind).toBe('sold_out');
  });

  it("shows the shopper's own place before the sale's phase: a winner pays after sell-out and after the end", () => {
    const won = { state: 'won' as const, orderId: '5100000001', payUntil: Date.parse('2030-01-01T10:15:00Z') };
    expect(saleView({ ...facts, sale: { phase: 'sold_out', left: 0 }, place: won }, end + 1)).toEqual({
      kind: 'won',
      orderId: '5100000001',
      payUntil: Date.parse('2030-01-01T10:15:00Z'),
      units: 1,
    });
    expect(saleView({ ...facts, place: { ...won, units: 3 } }, start + 1)).toMatchObject({ kind: 'won', units: 3 });
    expect(saleView({ ...facts, place: { state: 'waiting', position: 7 } }, start + 1)).toEqual({
      kind: 'waiting',
      position: 7,
    });
    expect(saleView({ ...facts, place: { state: 'paid', orderId: '5' } }, start + 1).kind).toBe('paid');
    expect(saleView({ ...facts, place: { state: 'expired' } }, start + 1).kind).toBe('expired');
  });

  it('asks a winner without an address in the country for one, and never offers to buy again meanwhile', () => {
    const held = { state: 'won' as const, addressNeeded: true, payUntil: start + 900_000 };
    expect(saleView({ ...facts, place: held }, start + 1)).toEqual({ kind: 'address', payUntil: start + 900_000 });
    // Won while the order is still being written: the unit is held, the payment waits for the order.
    expect(saleView({ ...facts, place: { state: 'won', payUntil: start + 900_000 } }, start + 1)).toEqual({
      kind: 'won',
      orderId: null,
      payUntil: start + 900_000,
      units: 1,
    });
    expect(settled({ kind: 'address', payUntil: null })).toBe(false);
  });

  it('stops asking once nothing can change', () => {
    expect(settled({ kind: 'waiting', position: 1 })).toBe(false);
    expect(settled({ kind: 'won', orderId: '1', payUntil: null, units: 1 })).toBe(false);
    expect(settled({ kind: 'sold_out' })).toBe(true);
  });
});
