import { signal, type Signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { failure, type Failure } from './failure';

export interface ResourceOptions {
  /** The page's strings: a failure without the server's message reads "try again later" in the page's language. */
  strings: Record<string, string> | undefined;
  /** The line the failure text goes to when a screen shows the failures of several calls in one place. */
  error?: Signal<string>;
  onFailure?: (f: Failure) => void;
}

/** A list or record a screen loads: the data (null until the first answer), the failure to show, `reload`. */
export interface Resource<T> {
  data: Signal<T | null>;
  loading: Signal<boolean>;
  /** The failure in words; '' when none. */
  error: Signal<string>;
  failure: Signal<Failure | null>;
  reload: () => Promise<void>;
}

/**
 * Loads with `load` on each `reload`. Only the latest reload's answer is kept, so a slow first answer never
 * overwrites a newer one; the data stays while a reload runs, so a list does not blink. A shared error line
 * (`options.error`) is left as it is on success: another call's message may be on it.
 */
export function createResource<T>(load: () => Promise<T>, options: () => ResourceOptions): Resource<T> {
  const data = signal<T | null>(null);
  const loading = signal(false);
  const own = !options().error;
  const error = options().error ?? signal('');
  const failed = signal<Failure | null>(null);
  let latest = 0;
  const reload = async (): Promise<void> => {
    const mine = ++latest;
    loading.value = true;
    try {
      const value = await load();
      if (mine !== latest) return;
      data.value = value;
      failed.value = null;
      if (own) error.value = '';
    } catch (e) {
      if (mine !== latest) return;
      const o = options();
      const f = failure(e, o.strings);
      failed.value = f;
      error.value = f.message;
      o.onFailure?.(f);
    } finally {
      if (mine === latest) loading.value = false;
    }
  };
  return { data, loading, error, failure: failed, reload };
}

/**
 * `createResource` kept for the life of a component, loaded on mount and again when a value in `deps` changes.
 * @example
 * const orders = useResource(() => checkoutApi.orders(), { strings: s });
 * if (!orders.data.value) return <p>{orders.error.value || t(s, 'common.loading')}</p>;
 */
export function useResource<T>(
  load: () => Promise<T>,
  options: ResourceOptions,
  deps: readonly unknown[] = [],
): Resource<T> {
  const latest = useRef({ load, options });
  latest.current = { load, options };
  const resource = useRef<Resource<T> | null>(null);
  resource.current ??= createResource(
    () => latest.current.load(),
    () => latest.current.options,
  );
  useEffect(() => void resource.current?.reload(), deps);
  return resource.current;
}
