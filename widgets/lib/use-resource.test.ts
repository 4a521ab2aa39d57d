import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../request/request-error';
import { createResource } from './use-resource';

const strings = { 'error.tryAgainLater': 'Réessayez plus tard.' };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createResource', () => {
  it('loads on reload: loading while it runs, then the data', async () => {
    const answer = deferred<string[]>();
    const r = createResource(
      () => answer.promise,
      () => ({ strings }),
    );
    expect(r.data.value).toBeNull();
    const done = r.reload();
    expect(r.loading.value).toBe(true);
    answer.resolve(['a', 'b']);
    await done;
    expect(r.data.value).toEqual(['a', 'b']);
    expect(r.loading.value).toBe(false);
    expect(r.error.value).toBe('');
  });

  it("shows the server's message, or 'try again later' in the page's language, and keeps the old data", async () => {
    let answer: Promise<number> = Promise.resolve(1);
    const r = createResource(
      () => answer,
      () => ({ strings }),
    );
    await r.reload();
    answer = Promise.reject(new RequestError(30001, 'Order not found'));
    await r.reload();
    expect(r.error.value).toBe('Order not found');
    expect(r.failure.value?.errno).toBe(30001);
    expect(r.data.value).toBe(1);
    answer = Promise.reject(new Error('offline'));
    await r.reload();
    expect(r.error.value).toBe('Réessayez plus tard.');
    answer = Promise.resolve(2);
    await r.reload();
    expect(r.error.value).toBe('');
    expect(r.failure.value).toBeNull();
  });

  it('keeps only the latest answer when reloads overlap', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const answers = [slow.promise, fast.promise];
    const r = createResource(
      () => answers.shift()!,
      () => ({ strings }),
    );
    const first = r.reload();
    const second = r.reload();
    fast.resolve('new');
    await second;
    slow.resolve('old');
    await first;
    expect(r.data.value).toBe('new');
    expect(r.loading.value).toBe(false);
  });

  it('leaves a shared message line alone on success (another call may have written it)', async () => {
    const line = signal('Saved.');
    const r = createResource(
      () => Promise.resolve(3),
      () => ({ strings, error: line }),
    );
    await r.reload();
    expect(line.value).toBe('Saved.');
    const failing = createResource(
      () => Promise.reject(new RequestError(2, 'Not allowed')),
      () => ({ strings, error: line }),
    );
    await failing.reload();
    expect(line.value).toBe('Not allowed');
  });
});
