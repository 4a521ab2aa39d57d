import { describe, expect, it } from 'vitest';
import { limited } from './limited';

describe('limited', () => {
  it('runs at most the given number of tasks at once, the others in their order, failures included', async () => {
    const run = limited(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      order.push(n);
      if (n === 3) throw new Error('three');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => run(task(n))));
    expect(most).toBe(2);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([1, 2, 'failed', 4, 5, 6]);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(order.slice(2, 4).sort()).toEqual([3, 4]);
  });
});
