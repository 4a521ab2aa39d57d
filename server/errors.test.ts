import { describe, expect, it } from 'vitest';
import { Errno } from './errors';

describe('the errno catalogue', () => {
  it('gives every errno its own number', () => {
    const byNumber = new Map<number, string[]>();
    for (const [name, errno] of Object.entries(Errno)) byNumber.set(errno, [...(byNumber.get(errno) ?? []), name]);
    expect([...byNumber.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('keeps the analytics collector within its range, 50001–50049', () => {
    const collector = [
      Errno.ANALYTICS_BATCH_INVALID,
      Errno.ANALYTICS_EVENT_INVALID,
      Errno.ANALYTICS_BATCH_TOO_LARGE,
      Errno.ANALYTICS_TOO_MANY_EVENTS,
      Errno.ANALYTICS_MEDIA_TYPE,
      Errno.ANALYTICS_NO_CONSENT,
      Errno.ANALYTICS_BUDGET_SPENT,
    ];
    for (const errno of collector) expect(errno >= 50001 && errno <= 50049, String(errno)).toBe(true);
  });
});
