/**
 * One step of a workflow: `run` does its job and may end the run early with a result; `undo` (its compensation)
 * reverses an effect the step has outside the transaction, and runs when a later step fails. Steps whose writes are
 * all in the transaction need no undo: the rollback is theirs.
 */
export interface Step<C, R> {
  name: string;
  // biome-ignore lint/suspicious/noConfusingVoidType: a step that does not end the run returns nothing at all
  run(ctx: C): Promise<R | void>;
  undo?(ctx: C): Promise<void>;
}

export interface RunOptions<R> {
  /** Runs the steps in one database transaction: a throw rolls it back, a return commits it. */
  transaction<T>(body: () => Promise<T>): Promise<T>;
  /** Whether a result a step ended the run with is a failure (its earlier steps are then undone). */
  failed(result: R): boolean;
  /** An undo that itself failed: reported, and the other undos still run. */
  onUndoError?(step: string, err: unknown): void;
}

/**
 * Runs steps in order inside one transaction, the way Medusa runs a workflow of steps with compensations. When a step
 * throws (the transaction rolls back) or ends the run with a failed result, the undos of the steps that finished run
 * in reverse order, after the transaction has ended. Returns the result a step ended the run with, if any.
 * @example const result = await runSteps([lockBuyer, checkCart, price, writeOrder], placement, { transaction, failed:
 * (r) => !r.ok });
 */
export async function runSteps<C, R>(
  steps: readonly Step<C, R>[],
  ctx: C,
  options: RunOptions<R>,
): Promise<R | undefined> {
  const finished: Step<C, R>[] = [];
  let result: R | undefined;
  try {
    result = await options.transaction(async () => {
      for (const step of steps) {
        const ended = await step.run(ctx);
        finished.push(step);
        if (ended !== undefined) return ended;
      }
      return undefined;
    });
  } catch (err) {
    await undo(finished, ctx, options);
    throw err;
  }
  if (result !== undefined && options.failed(result)) await undo(finished, ctx, options);
  return result;
}

async function undo<C, R>(finished: readonly Step<C, R>[], ctx: C, options: RunOptions<R>): Promise<void> {
  for (const step of [...finished].reverse()) {
    if (!step.undo) continue;
    try {
      await step.undo(ctx);
    } catch (err) {
      options.onUndoError?.(step.name, err);
    }
  }
}
