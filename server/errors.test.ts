import { describe, expect, it } from 'vitest';
import { Errno } from './errors';

describe('the errno catalogue', () => {
  it('gives every errno its own number', () => {
    const byNumber = new Map<number, string[]>();
    for (const [name, errno] of Object.entries(Errno)) byNumber.set(errno, [...(byNumber.get(errno) ?? []), name]);
    expect([...byNumber.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('keeps the collector within its range, 50001–50049', () => {
    const analytics = Object.entries(Errno).filter(([name]) => name.startsWith('ANALYTICS_'));
    expect(analytics.length).toBeGreaterThan(0);
    for (const [name, errno] of analytics) expect(errno, name).toBeGreaterThanOrEqual(50001);
    for (const [name, errno] of analytics) expect(errno, name).toBeLessThanOrEqual(50049);
  });
});
