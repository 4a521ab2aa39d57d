import { signal, type Signal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { failure, type Failure } from './failure';

export interface SubmitOptions<R> {
  /** The page's strings: a failure without the server's message reads "try again later" in the page's language. */
  strings: Record<string, string> | undefined;
  /** Runs inside the busy window, so a reload after a save keeps the button disabled and its failure is shown too. */
  onSuccess?: (result: R) => unknown;
  /**
   * After the failure text is set: for the fields at fault, the errno or the envelope's data. A promise it returns
   * is awaited inside the busy window (a screen that reads its data again after a refusal stays busy meanwhile).
   */
  onFailure?: (f: Failure) => unknown;
  /** The line the failure text goes to when a screen shows the failures of several calls in one place. */
  error?: Signal<string>;
  /** The same for a screen that shows the whole failure (its fields, its errno) of several calls in one place. */
  failure?: Signal<Failure | null>;
}

/** A form's submit as a screen uses it: the busy flag, the failure to show, and `run`. */
export interface Submit<A extends unknown[]> {
  busy: Signal<boolean>;
  /** The failure in words (the server's message, or "try again later" in the page's language); '' when none. */
  error: Signal<string>;
  failure: Signal<Failure | null>;
  /** Resolves true when the action and `onSuccess` went through; false when it failed or a run was still busy. */
  run: (...args: A) => Promise<boolean>;
}

/**
 * The submit block every form repeats (busy flag, try, failure, finally) as one object of signals. A second
 * `run` while the first is busy is ignored, so a double click never sends twice. `options` is read at each run,
 * so callbacks see the screen's latest values.
 */
export function createSubmit<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: () => SubmitOptions<R>,
): Submit<A> {
  const busy = signal(false);
  const error = options().error ?? signal('');
  const failed = options().failure ?? signal<Failure | null>(null);
  const run = async (...args: A): Promise<boolean> => {
    if (busy.peek()) return false;
    const o = options();
    busy.value = true;
    error.value = '';
    failed.value = null;
    try {
      const result = await action(...args);
      await o.onSuccess?.(result);
      return true;
    } catch (e) {
      const f = failure(e, o.strings);
      failed.value = f;
      error.value = f.message;
      await o.onFailure?.(f);
      return false;
    } finally {
      busy.value = false;
    }
  };
  return { busy, error, failure: failed, run };
}

/**
 * For an `onSuccess` that leaves the page: the form stays busy until the next page replaces it, so the button
 * cannot be pressed again while the browser navigates.
 * @example onSuccess: (r) => (location.assign(r.redirectUrl), untilTheNextPage())
 */
export function untilTheNextPage(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/**
 * `createSubmit` kept for the life of a component; the action and options may change between renders.
 * @example
 * const save = useSubmit((body: Draft) => api.save(body), { strings: s, onSuccess: () => (saved.value = true) });
 * <button disabled={save.busy.value} onClick={() => void save.run(draft.value)}>…</button><p
 * role="alert">{save.error.value}</p>
 */
export function useSubmit<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: SubmitOptions<R>,
): Submit<A> {
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const submit = useRef<Submit<A> | null>(null);
  submit.current ??= createSubmit(
    (...args: A) => latest.current.action(...args),
    () => latest.current.options,
  );
  return submit.current;
}
