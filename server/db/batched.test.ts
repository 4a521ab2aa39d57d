import { describe, expect, it } from 'vitest';
import { batched } from './batched';

const later = () => new Promise((r) => setTimeout(r, 5));

describe('batched', () => {
  it('sends a lone call at once, and calls made meanwhile together, each answered with its own result', async () => {
    const batches: number[][] = [];
    const double = batched(
      async (xs: number[]) => {
        batches.push(xs);
        await later();
        return xs.map((x) => x * 2);
      },
      { inFlight: 1 },
    );
    const answers = await Promise.all([1, 2, 3, 4, 5].map((x) => double(x)));
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('keeps batches within their size and the calls in flight within their number', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const echo = batched(
      async (xs: number[]) => {
        running += 1;
        most = Math.max(most, running);
        sizes.push(xs.length);
        await later();
        running -= 1;
        return xs;
      },
      { maxBatch: 10, inFlight: 2 },
    );
    const all = await Promise.all(Array.from({ length: 95 }, (_, i) => echo(i)));
    expect(all).toEqual(Array.from({ length: 95 }, (_, i) => i));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    expect(most).toBe(2);
  });

  it('fails only the calls of a failed batch, and a batch answering the wrong count fails its calls', async () => {
    let n = 0;
    const flaky = batched(
      async (xs: number[]) => {
        n += 1;
        await later();
        if (n === 1) throw new Error('database gone');
        return n === 2 ? xs.slice(1) : xs;
      },
      { inFlight: 1 },
    );
    const first = flaky(1);
    const second = [flaky(2), flaky(3)];
    await expect(first).rejects.toThrow('database gone');
    await expect(Promise.all(second)).rejects.toThrow('answered 1');
    await expect(flaky(4)).resolves.toBe(4);
  });
});
