import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownParts, formatCountdown, secondsLeft, startCountdown } from './countdown';

describe('countdown formats (six types)', () => {
  const t = 1 * 86400 + 2 * 3600 + 3 * 60 + 4; // 1d 02:03:04
  it.each([
    ['timeWithDays', '01:02:03:04'],
    ['timeWithDaysIcon', '1d 02:03:04'],
    ['timeWithoutDays', '26:03:04'],
    ['timeWithoutDaysAndHours', '1563:04'],
    ['seconds', String(t)],
    ['secondsWithText', `${t}s`],
  ] as const)('%s', (type, text) => {
    expect(formatCountdown(t, type)).toBe(text);
  });
  it('uses translated labels', () => {
    expect(formatCountdown(5, 'secondsWithText', { seconds: '{s} detik' })).toBe('5 detik');
    expect(formatCountdown(86400, 'timeWithDaysIcon', { days: '{d} Tage' })).toBe('1 Tage 00:00:00');
  });
  it('never goes below zero', () => {
    expect(countdownParts(-5, 'timeWithDays')).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('server time', () => {
  it('counts on the server clock when serverTime is given', () => {
    // The device clock is an hour ahead; the server said 10 s before finish at request time.
    const deviceNow = 5_000_000 + 3_600_000;
    const time = { finishTime: 1_010_000, serverTime: 1_000_000, requestTime: deviceNow };
    expect(secondsLeft(time, deviceNow, deviceNow)).toBe(10);
    expect(secondsLeft(time, deviceNow + 4_000, deviceNow)).toBe(6);
  });
  it('uses a known server clock for a bare finish time', () => {
    expect(secondsLeft({ finishTime: 100_000 }, 0, 0, 40_000)).toBe(60);
  });
});

describe('ticking', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks each second and calls finish once at zero', () => {
    const ticks: number[] = [];
    const onFinish = vi.fn();
    startCountdown({ time: 3, onTick: (s) => ticks.push(s), onFinish, now: () => Date.now() });
    vi.advanceTimersByTime(999);
    expect(ticks).toEqual([3]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([3, 2]);
    vi.advanceTimersByTime(5000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('finishes at once when already over', () => {
    const onFinish = vi.fn();
    startCountdown({ time: 0, onTick: () => undefined, onFinish });
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('stops on demand', () => {
    const onTick = vi.fn();
    const stop = startCountdown({ time: 10, onTick });
    stop();
    vi.advanceTimersByTime(5000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });
});
