import { signal } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../request/request-error';
import type { Failure } from './failure';
import { createSubmit } from './use-submit';

const strings = { 'error.tryAgainLater': 'Bitte später erneut versuchen.' };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createSubmit', () => {
  it('is busy while the action and the success callback run, then calls back with the answer', async () => {
    const answer = deferred<{ id: string }>();
    const seen: string[] = [];
    const submit = createSubmit(
      (id: string) => answer.promise.then((a) => ({ ...a, asked: id })),
      () => ({ strings, onSuccess: (r) => void seen.push(`${r.id}/${r.asked}`) }),
    );
    const running = submit.run('x');
    expect(submit.busy.value).toBe(true);
    answer.resolve({ id: 'a1' });
    expect(await running).toBe(true);
    expect(submit.busy.value).toBe(false);
    expect(seen).toEqual(['a1/x']);
    expect(submit.error.value).toBe('');
  });

  it('ignores a second run while the first is busy (no double submit)', async () => {
    const answer = deferred<void>();
    const action = vi.fn(() => answer.promise);
    const submit = createSubmit(action, () => ({ strings }));
    const first = submit.run();
    expect(await submit.run()).toBe(false);
    answer.resolve();
    expect(await first).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
    await submit.run();
    expect(action).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message and hands the failure (fields, errno) to onFailure", async () => {
    const onFailure = vi.fn();
    const submit = createSubmit(
      () => Promise.reject(new RequestError(20301, 'Postcode is invalid', 200, { fields: { zip: 'format' } })),
      () => ({ strings, onFailure }),
    );
    expect(await submit.run()).toBe(false);
    expect(submit.error.value).toBe('Postcode is invalid');
    expect(submit.failure.value?.fields).toEqual({ zip: 'format' });
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ errno: 20301, message: 'Postcode is invalid' }));
    expect(submit.busy.value).toBe(false);
  });

  it("says 'try again later' in the page's language for a failure without a message", async () => {
    const submit = createSubmit(
      () => Promise.reject(new TypeError('boom')),
      () => ({ strings }),
    );
    await submit.run();
    expect(submit.error.value).toBe('Bitte später erneut versuchen.');
    expect(submit.failure.value?.errno).toBe(-1);
  });

  it('a failing success callback is a failure too, and a new run clears the old failure', async () => {
    let fail = true;
    const submit = createSubmit(
      () => Promise.resolve(1),
      () => ({ strings, onSuccess: () => (fail ? Promise.reject(new RequestError(1, 'reload failed')) : undefined) }),
    );
    expect(await submit.run()).toBe(false);
    expect(submit.error.value).toBe('reload failed');
    fail = false;
    expect(await submit.run()).toBe(true);
    expect(submit.error.value).toBe('');
    expect(submit.failure.value).toBeNull();
  });

  it('stays busy while an async onFailure runs (a screen reads its data again after a refusal)', async () => {
    const reread = deferred<void>();
    const submit = createSubmit(
      () => Promise.reject(new RequestError(30101, 'Sold out')),
      () => ({ strings, onFailure: () => reread.promise }),
    );
    const running = submit.run();
    await Promise.resolve();
    await Promise.resolve();
    expect(submit.busy.value).toBe(true);
    expect(await submit.run()).toBe(false);
    reread.resolve();
    expect(await running).toBe(false);
    expect(submit.busy.value).toBe(false);
    expect(submit.error.value).toBe('Sold out');
  });

  it('writes to a shared message line when given one', async () => {
    const line = signal('loaded with a warning');
    const submit = createSubmit(
      () => Promise.reject(new RequestError(5, 'no')),
      () => ({ strings, error: line }),
    );
    expect(submit.error).toBe(line);
    await submit.run();
    expect(line.value).toBe('no');
  });

  it('writes the whole failure to a shared signal when given one, and clears it when a run starts', async () => {
    const shown = signal<Failure | null>({ message: 'an older failure', errno: 1, fields: {}, data: {} });
    let refuse = true;
    const submit = createSubmit(
      () =>
        refuse
          ? Promise.reject(new RequestError(30102, 'Slot taken', 200, { fields: { start: 'taken' } }))
          : Promise.resolve(),
      () => ({ strings, failure: shown }),
    );
    expect(submit.failure).toBe(shown);
    await submit.run();
    expect(shown.value).toMatchObject({ errno: 30102, fields: { start: 'taken' } });
    refuse = false;
    await submit.run();
    expect(shown.value).toBeNull();
  });

  it('reads the options at each run, so callbacks see the latest values', async () => {
    const seen: number[] = [];
    let round = 1;
    const submit = createSubmit(
      () => Promise.resolve(),
      () => {
        const mine = round;
        return { strings, onSuccess: () => void seen.push(mine) };
      },
    );
    await submit.run();
    round = 2;
    await submit.run();
    expect(seen).toEqual([1, 2]);
  });
});
