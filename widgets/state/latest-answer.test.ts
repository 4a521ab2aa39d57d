import { describe, expect, it } from 'vitest';
import { latestAnswer, sendChange } from './latest-answer';

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

describe('latestAnswer with changes', () => {
  it('keeps a change when a read sent while it was under way answers after it with the old state', () => {
    const unread = latestAnswer(2);
    const markRead = unread.beginChange();
    const headerRefresh = unread.begin(); // sent later, answered by the server before the change was committed
    markRead.done(1);
    headerRefresh(2);
    expect(unread.value.value).toBe(1);
  });

  it('shows such a read until the change answers', () => {
    const count = latestAnswer<number | null>(null);
    const add = count.beginChange();
    const refresh = count.begin();
    refresh(3);
    expect(count.value.value).toBe(3);
    add.done(4);
    expect(count.value.value).toBe(4);
  });

  it('ranks reads normally again once the change has answered or failed', () => {
    const unread = latestAnswer(0);
    const remove = unread.beginChange();
    remove.failed();
    const refresh = unread.begin();
    refresh(5);
    expect(unread.value.value).toBe(5);
    const markRead = unread.beginChange();
    markRead.done(4);
    const later = unread.begin();
    later(3); // sent after the change answered: the server's newer state
    expect(unread.value.value).toBe(3);
  });

  it('sendChange settles the change with its answer, and releases it when the request fails', async () => {
    const count = latestAnswer(0);
    await expect(
      sendChange(
        count.beginChange,
        () => Promise.reject(new Error('offline')),
        (n: number) => n,
      ),
    ).rejects.toThrow('offline');
    await expect(
      sendChange(
        count.beginChange,
        async () => ({ total: 3 }),
        (a) => a.total,
      ),
    ).resolves.toEqual({ total: 3 });
    expect(count.value.value).toBe(3);
    // Sent after both: a failed change still under way would rank it below the one that answered 3.
    const refresh = count.begin();
    refresh(5);
    expect(count.value.value).toBe(5);
  });
});
