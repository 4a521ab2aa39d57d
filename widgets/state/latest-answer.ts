import { signal, type ReadonlySignal } from '@preact/signals-core';

/**
 * A value several requests report, shown as the answer of the request sent last.
 *
 * Answers can arrive out of order: a header refresh sent before the shopper read a message may come back after the
 * answer that marked it read, and would put the old count back. So each request takes a ticket when it is sent,
 * and its answer is shown only if no request sent later has been shown already.
 *
 * Order of sending is not enough when a read and a change are under way together: the server may answer the read
 * from the state before the change, whichever was sent first. So a read sent while a change is under way ranks
 * just below that change: its answer shows until the change answers, never after.
 */
export interface LatestAnswer<T> {
  readonly value: ReadonlySignal<T>;
  /** Call when sending a request that only reads the value; call what it returns with the answer. */
  begin(): (answer: T) => void;
  /** Call when sending a request that changes the value; call `done` with its answer, or `failed` if there is none. */
  beginChange(): Change<T>;
}

export interface Change<T> {
  done(answer: T): void;
  failed(): void;
}

/** Sends a read under its ticket and shows the value its answer reports. */
export async function sendRead<R, T>(
  begin: () => (answer: T) => void,
  send: () => Promise<R>,
  valueIn: (answer: R) => T,
): Promise<R> {
  const show = begin();
  const answer = await send();
  show(valueIn(answer));
  return answer;
}

/** Sends a change under its ticket: settled with the value its answer reports, released if the request fails. */
export async function sendChange<R, T>(
  begin: () => Change<T>,
  send: () => Promise<R>,
  valueIn: (answer: R) => T,
): Promise<R> {
  const change = begin();
  let answer: R;
  try {
    answer = await send();
  } catch (error) {
    change.failed();
    throw error;
  }
  change.done(valueIn(answer));
  return answer;
}

export function latestAnswer<T>(initial: T): LatestAnswer<T> {
  const value = signal(initial);
  let sent = 0;
  let shown = 0;
  const changing = new Set<number>();
  const show = (ticket: number, answer: T) => {
    if (ticket < shown) return;
    shown = ticket;
    value.value = answer;
  };
  const begin = () => {
    const ticket = changing.size > 0 ? Math.min(...changing) - 0.5 : ++sent;
    return (answer: T) => show(ticket, answer);
  };
  const beginChange = () => {
    const ticket = ++sent;
    changing.add(ticket);
    return {
      done: (answer: T) => {
        changing.delete(ticket);
        show(ticket, answer);
      },
      failed: () => void changing.delete(ticket),
    };
  };
  return { value, begin, beginChange };
}
