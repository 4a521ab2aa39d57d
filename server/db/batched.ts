/** Callers woken in one turn of the event loop: their requests go on in between, so other requests are not held up. */
const WAKE_PER_TURN = 32;

/**
 * Calls `wake` for each item, WAKE_PER_TURN per turn of the event loop: hundreds of requests continuing at once would
 * hold every other request of the process (a page's misc/info) until they all had answered.
 */
export async function inTurns<T>(items: readonly T[], wake: (item: T, index: number) => void): Promise<void> {
  for (let i = 0; i < items.length; i += WAKE_PER_TURN) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    items.slice(i, i + WAKE_PER_TURN).forEach((item, j) => wake(item, i + j));
  }
}

/**
 * Calls made one by one, sent to the database together: while `inFlight` batches run, new calls wait and leave as one
 * batch when a slot frees (or at `maxBatch`). A lone call goes at once, so a quiet store pays no delay; a flood of
 * thousands of asks in one second becomes a few dozen statements instead of one each.
 */
export function batched<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  { maxBatch = 500, inFlight = 2 }: { maxBatch?: number; inFlight?: number } = {},
): (input: In) => Promise<Out> {
  interface Call {
    input: In;
    resolve: (out: Out) => void;
    reject: (err: unknown) => void;
  }
  let queue: Call[] = [];
  let running = 0;

  const pump = (): void => {
    while (running < inFlight && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      running += 1;
      run(batch.map((c) => c.input))
        .then(
          async (outs) => {
            if (outs.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${outs.length}`);
            await inTurns(batch, (c, i) => c.resolve(outs[i]!));
          },
          (err: unknown) => {
            for (const c of batch) c.reject(err);
          },
        )
        .catch((err: unknown) => {
          for (const c of batch) c.reject(err);
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      pump();
    });
}
