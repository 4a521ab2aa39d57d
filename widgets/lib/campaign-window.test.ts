import { describe, expect, it } from 'vitest';
import { campaignPhase, instant, msToNextTick, nextBoundary, secondsUntil } from './campaign-window';
import { campaignClock } from './use-campaign-phase';

const w = { startsAt: 10_000, endsAt: 20_000 };

describe('campaign windows on the server clock', () => {
  it('is upcoming before the start, live from the start, ended from the end (half-open, as on the server)', () => {
    expect(campaignPhase(w, 9_999)).toBe('upcoming');
    expect(campaignPhase(w, 10_000)).toBe('live');
    expect(campaignPhase(w, 19_999)).toBe('live');
    expect(campaignPhase(w, 20_000)).toBe('ended');
    expect(campaignPhase({ endsAt: 20_000 }, 0)).toBe('live');
    expect(campaignPhase({ startsAt: 10_000 }, 1e15)).toBe('live');
  });

  it('counts down to the start, then to the end; nothing after the end', () => {
    expect(nextBoundary(w, 5_000)).toBe(10_000);
    expect(nextBoundary(w, 15_000)).toBe(20_000);
    expect(nextBoundary(w, 25_000)).toBeNull();
    expect(campaignClock(w, 7_001)).toEqual({ phase: 'upcoming', secondsLeft: 3 });
    expect(campaignClock(w, 9_999)).toEqual({ phase: 'upcoming', secondsLeft: 1 });
    expect(campaignClock(w, 10_000)).toEqual({ phase: 'live', secondsLeft: 10 });
    expect(campaignClock(w, 20_000)).toEqual({ phase: 'ended', secondsLeft: null });
    expect(secondsUntil(10_000, 10_500)).toBe(0);
  });

  it('wakes at each whole second of the countdown and exactly at the boundary, never a second late', () => {
    expect(msToNextTick(w, 9_500)).toBe(500);
    expect(msToNextTick(w, 9_000)).toBe(1000);
    expect(msToNextTick(w, 9_999)).toBe(1);
    expect(msToNextTick(w, 10_000)).toBe(1000);
    expect(msToNextTick(w, 20_000)).toBeNull();
    // Walking the ticks from any moment lands on the start.
    let at = 3_217;
    while (at < 10_000) at += msToNextTick(w, at)!;
    expect(at).toBe(10_000);
  });

  it('reads ISO instants and ms; anything else is no boundary', () => {
    expect(instant('2027-01-01T00:00:00Z')).toBe(Date.UTC(2027, 0, 1));
    expect(instant(5)).toBe(5);
    expect(instant('not a date')).toBeNull();
    expect(instant(undefined)).toBeNull();
  });
});
