import { describe, expect, it } from 'vitest';
import { barShares, deltaDirection, periodOf, periodProblem, vitalRating } from './analytics-model';

describe('the traffic and sales panel', () => {
  it('turns the period choices into dates ending today, on the browser calendar', () => {
    const today = new Date(2025, 2, 3, 23, 30);
    expect(periodOf('last7', today, { from: '', to: '' })).toEqual({ from: '2025-02-25', to: '2025-03-03' });
    expect(periodOf('last30', today, { from: '', to: '' })).toEqual({ from: '2025-02-02', to: '2025-03-03' });
    expect(periodOf('dates', today, { from: '2025-01-01', to: '2025-01-31' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('finds a missing date, an end before the start and a period over 92 days before asking', () => {
    expect(periodProblem('', '2025-01-31')).toBe('missing');
    expect(periodProblem('2025-02-01', '2025-01-31')).toBe('reversed');
    expect(periodProblem('2024-01-01', '2024-04-01')).toBeNull();
    expect(periodProblem('2024-01-01', '2024-04-02')).toBe('tooLong');
  });

  it('rates a p75 as web.dev does: good up to the first threshold, poor past the second', () => {
    expect(vitalRating('lcp', 2500)).toBe('good');
    expect(vitalRating('lcp', 2501)).toBe('needsImprovement');
    expect(vitalRating('lcp', 4001)).toBe('poor');
    expect(vitalRating('inp', 200)).toBe('good');
    expect(vitalRating('inp', 500)).toBe('needsImprovement');
    expect(vitalRating('cls', 0.1)).toBe('good');
    expect(vitalRating('cls', 0.26)).toBe('poor');
    expect(vitalRating('ttfb', 1800)).toBe('needsImprovement');
    expect(vitalRating('ttfb', 1801)).toBe('poor');
    // Lower is better.
    expect([deltaDirection(-120), deltaDirection(0), deltaDirection(0.02)]).toEqual(['better', 'same', 'worse']);
  });

  it('draws bars as shares of the largest, and empty bars for an empty period', () => {
    expect(barShares([5, 10, 0])).toEqual([0.5, 1, 0]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
  });
});
