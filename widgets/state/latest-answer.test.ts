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

  it('shows a late answer while no request sent after it has answered yet', () => {
    const count = latestAnswer<number | null>(null);
    const first = count.begin();
    const second = count.begin();
    const third = count.begin();
    first(3);
    expect(count.value.value).toBe(3);
    third(5);
    second(4);
    expect(count.value.value).toBe(5);
  });
});
