import { describe, expect, it } from 'vitest';
import { latestAnswer } from './latest-answer';

describe('latestAnswer', () => {
  it('shows answers that arrive in the order they were asked', () => {
    const unread = latestAnswer(0);
    const first = unread.begin();
    first(3);
    const second = unread.begin();
    second(2);
    expect(unread.value.value).toBe(2);
  });

  it('ignores an answer to an older request that arrives after a newer one', () => {
    const unread = latestAnswer(0);
    const headerRefresh = unread.begin(); // sent before the message was read
    const markRead = unread.begin();
    markRead(1);
    headerRefresh(2); // the old count comes back last
    expect(unread.value.value).toBe(1);
  });

  it('takes a known value as newer than every request in flight, but not than one sent after it', () => {
    const count = latestAnswer<number | null>(null);
    const before = count.begin();
    count.set(4);
    before(3);
    expect(count.value.value).toBe(4);
    const after = count.begin();
    after(5);
    expect(count.value.value).toBe(5);
  });
});
