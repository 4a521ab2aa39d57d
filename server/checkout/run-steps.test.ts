import { describe, expect, it } from 'vitest';
import { runSteps, type Step } from './run-steps';

type Result = { ok: boolean };

/** A transaction stand-in that records whether it committed or rolled back. */
function fakeTransaction(log: string[]) {
  return async <T>(body: () => Promise<T>): Promise<T> => {
    try {
      const value = await body();
      log.push('commit');
      return value;
    } catch (err) {
      log.push('rollback');
      throw err;
    }
  };
}

const step = (
  name: string,
  log: string[],
  opts: { end?: Result; fail?: boolean; undo?: boolean } = {},
): Step<null, Result> => ({
  name,
  async run() {
    log.push(`run ${name}`);
    if (opts.fail) throw new Error(`${name} failed`);
    return opts.end;
  },
  ...(opts.undo ? { undo: async () => void log.push(`undo ${name}`) } : {}),
});

describe('runSteps', () => {
  it('runs every step in one transaction and undoes nothing when the run succeeds', async () => {
    const log: string[] = [];
    const result = await runSteps([step('a', log, { undo: true }), step('b', log, { end: { ok: true } })], null, {
      transaction: fakeTransaction(log),
      failed: (r) => !r.ok,
    });
    expect(result).toEqual({ ok: true });
    expect(log).toEqual(['run a', 'run b', 'commit']);
  });

  it('a step that throws rolls the transaction back, then the finished steps are undone in reverse order', async () => {
    const log: string[] = [];
    const steps = [
      step('a', log, { undo: true }),
      step('b', log),
      step('c', log, { undo: true }),
      step('d', log, { fail: true, undo: true }),
      step('e', log, { undo: true }),
    ];
    await expect(runSteps(steps, null, { transaction: fakeTransaction(log), failed: (r) => !r.ok })).rejects.toThrow(
      'd failed',
    );
    expect(log).toEqual(['run a', 'run b', 'run c', 'run d', 'rollback', 'undo c', 'undo a']);
  });

  it('a step ending the run with a failed result commits what came before and undoes the finished steps', async () => {
    const log: string[] = [];
    const steps = [
      step('a', log, { undo: true }),
      step('b', log, { end: { ok: false }, undo: true }),
      step('c', log, { undo: true }),
    ];
    expect(await runSteps(steps, null, { transaction: fakeTransaction(log), failed: (r) => !r.ok })).toEqual({
      ok: false,
    });
    expect(log).toEqual(['run a', 'run b', 'commit', 'undo b', 'undo a']);
  });

  it('an undo that fails is reported and the other undos still run', async () => {
    const log: string[] = [];
    const broken: Step<null, Result> = {
      name: 'broken',
      run: async () => void log.push('run broken'),
      undo: async () => Promise.reject(new Error('provider down')),
    };
    const reported: string[] = [];
    const steps = [step('a', log, { undo: true }), broken, step('c', log, { fail: true })];
    await expect(
      runSteps(steps, null, {
        transaction: fakeTransaction(log),
        failed: (r) => !r.ok,
        onUndoError: (name) => void reported.push(name),
      }),
    ).rejects.toThrow('c failed');
    expect(log).toEqual(['run a', 'run broken', 'run c', 'rollback', 'undo a']);
    expect(reported).toEqual(['broken']);
  });
});
