import { describe, expect, it } from 'vitest';
import { batched } from './batch';

const tick = () => new Promise((r) => setImmediate(r));
/** A few turns of the event loop: a finished load schedules the next one in a later turn. */
const turns = async () => {
  for (let i = 0; i < 3; i++) await tick();
};

describe('batched lookups', () => {
  it('answers calls of one turn of the event loop with one load, each with its own value, in order', async () => {
    const loads: number[][] = [];
    const double = batched(async (keys: number[]) => {
      loads.push(keys);
      return keys.map((k) => k * 2);
    });
    expect(await Promise.all([1, 2, 3, 2].map(double))).toEqual([2, 4, 6, 4]);
    expect(loads).toEqual([[1, 2, 3, 2]]);
    expect(await double(5)).toBe(10);
    expect(loads).toHaveLength(2);
  });

  it('keeps at most maxInFlight loads out; calls made meanwhile go together in the next one', async () => {
    const loads: number[][] = [];
    const releases: (() => void)[] = [];
    const slow = batched(
      (keys: number[]) => {
        loads.push(keys);
        return new Promise<number[]>((resolve) => releases.push(() => resolve(keys)));
      },
      { maxInFlight: 1 },
    );
    const first = slow(1);
    await tick();
    const waiting = [2, 3, 4].map(slow);
    await tick();
    expect(loads).toEqual([[1]]);
    releases.shift()!();
    expect(await first).toBe(1);
    await turns();
    expect(loads).toEqual([[1], [2, 3, 4]]);
    releases.shift()!();
    expect(await Promise.all(waiting)).toEqual([2, 3, 4]);
  });

  it('splits batches at maxBatch', async () => {
    const sizes: number[] = [];
    const same = batched(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return keys;
      },
      { maxBatch: 2, maxInFlight: 5 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map(same))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('fails every call of a failed load, and the next calls load again', async () => {
    let fail = true;
    const flaky = batched(async (keys: number[]) => {
      if (fail) throw new Error('database gone');
      return keys;
    });
    const answers = await Promise.allSettled([1, 2].map(flaky));
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await flaky(3)).toBe(3);
  });

  it("refuses an answer of the wrong length instead of giving calls another key's value", async () => {
    const short = batched(async (keys: number[]) => keys.slice(1));
    await expect(Promise.all([1, 2].map(short))).rejects.toThrow(/1 values for 2 keys/);
  });
});
