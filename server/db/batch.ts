/**
 * Coalescing of concurrent lookups into one query (the DataLoader pattern). Each round trip to the database costs the
 * API process about as much as the rest of a small request (misc/info, rate-limit counters), so calls made
 * in the same turn of the event loop, or while earlier batches are still out, go to the database together.
 */

export interface BatchOptions {
  /** Batches out at once; more calls wait and join the next batch (default 2). */
  maxInFlight?: number;
  /** Keys per query (default 200). */
  maxBatch?: number;
}

interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (err: unknown) => void;
}

/**
 * A function that looks up one key, with `load` answering for many keys at once (one value per key, in order).
 * A failure of `load` fails every call of its batch. Nothing is cached: each call is answered by a query sent after
 * it was made, so a batched read sees what an unbatched one would.
 * @example
 *   const countOf = batched((ids: string[]) => countsByCartIds(ids));
 *   await countOf(cartId);
 */
export function batched<K, V>(load: (keys: K[]) => Promise<V[]>, options: BatchOptions = {}): (key: K) => Promise<V> {
  const maxInFlight = options.maxInFlight ?? 2;
  const maxBatch = options.maxBatch ?? 200;
  let queue: Waiting<K, V>[] = [];
  let scheduled = false;
  let inFlight = 0;

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    // After the current turn of the event loop: the other requests read in it join this batch.
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    if (inFlight >= maxInFlight) return;
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    inFlight++;
    let answer: Promise<V[]>;
    try {
      answer = load(batch.map((w) => w.key));
    } catch (err) {
      answer = Promise.reject(err);
    }
    answer
      .then((values) => {
        if (values.length !== batch.length)
          throw new Error(`batch answered ${values.length} values for ${batch.length} keys`);
        batch.forEach((w, i) => w.resolve(values[i]!));
      })
      .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
      .finally(() => {
        inFlight--;
        schedule();
      });
    schedule();
  }

  return (key: K) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      schedule();
    });
}
