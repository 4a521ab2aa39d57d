import { describe, expect, it } from 'vitest';
import { databaseClock } from './clock';

/** A database whose clock runs `skewMs` ahead of this process's. */
const skewed = (skewMs: number) => ({ query: async <T>() => [{ ms: Date.now() + skewMs }] as T[] });

describe('the server clock (X-Server-Time) follows the database clock', () => {
  it('corrects a process clock that is off by more than the round trip', async () => {
    const clock = databaseClock(skewed(90_000) as never);
    expect(clock.offsetMs()).toBe(0);
    await clock.sync();
    expect(Math.abs(clock.offsetMs() - 90_000)).toBeLessThan(50);
    expect(Math.abs(clock.now() - (Date.now() + 90_000))).toBeLessThan(50);
  });

  it('leaves a difference within the noise alone', async () => {
    const clock = databaseClock(skewed(1) as never);
    await clock.sync();
    expect(clock.offsetMs()).toBe(0);
  });
});
