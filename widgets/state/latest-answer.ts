import { signal, type ReadonlySignal } from '@preact/signals-core';

/**
 * A value several requests report, shown as the answer of the request sent last.
 *
 * Answers can arrive out of order: a header refresh sent before the shopper read a message may come back after the
 * answer that marked it read, and would put the old count back. So each request takes a ticket when it is sent
 * (`begin`), and its answer is shown only if no request sent later has been shown already.
 */
export interface LatestAnswer<T> {
  readonly value: ReadonlySignal<T>;
  /** Call when sending a request that reports the value; call what it returns with the answer. */
  begin(): (answer: T) => void;
}

export function latestAnswer<T>(initial: T): LatestAnswer<T> {
  const value = signal(initial);
  let sent = 0;
  let shown = 0;
  const begin = () => {
    const ticket = ++sent;
    return (answer: T) => {
      if (ticket < shown) return;
      shown = ticket;
      value.value = answer;
    };
  };
  return { value, begin };
}
