/**
 * Runs at most `concurrency` of the given tasks at a time; the others wait their turn in the order they came.
 * For work that must not take every database connection at once.
 */
export function limited(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the next one waiting, so the count never opens a gap to overtake.
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return <T>(task: () => Promise<T>): Promise<T> => {
    let turn: Promise<void>;
    if (running < concurrency) {
      running += 1;
      turn = Promise.resolve();
    } else turn = new Promise<void>((r) => waiting.push(r));
    return turn.then(() => Promise.resolve().then(task).finally(done));
  };
}
