import { describe, expect, it } from 'vitest';
import { birthdayWindow, dateIn } from './birthday-window';

describe('the birthday window', () => {
  it('is the days back from today, each with the year its birthday belongs to', () => {
    expect(birthdayWindow({ year: 2027, month: 1, day: 2 }, 3)).toEqual([
      { monthDay: 102, year: 2027 },
      { monthDay: 101, year: 2027 },
      { monthDay: 1231, year: 2026 },
    ]);
    expect(birthdayWindow({ year: 2027, month: 6, day: 15 })).toHaveLength(30);
  });

  it('keeps a 29 February birthday on 28 February outside leap years', () => {
    expect(birthdayWindow({ year: 2027, month: 2, day: 28 }, 1)).toEqual([
      { monthDay: 228, year: 2027 },
      { monthDay: 229, year: 2027 },
    ]);
    expect(birthdayWindow({ year: 2028, month: 2, day: 28 }, 1)).toEqual([{ monthDay: 228, year: 2028 }]);
    expect(birthdayWindow({ year: 2028, month: 2, day: 29 }, 1)).toEqual([{ monthDay: 229, year: 2028 }]);
  });

  it("starts at midnight in the country's time zone", () => {
    const at = new Date('2026-12-31T18:30:00Z');
    expect(dateIn(at, 'Asia/Jakarta')).toEqual({ year: 2027, month: 1, day: 1 });
    expect(dateIn(at, 'Europe/Berlin')).toEqual({ year: 2026, month: 12, day: 31 });
  });
});
