import type { FlashSalesRepository } from '../repositories/flash-sales';
import { inTurns } from '../db/batched';
import { FLASH_PLACES_PER_ADDRESS, FLASH_SETTLE_MS } from './rules';

/** Settles of one sale in one process are at most one per tick. */
const SETTLE_TICK_MS = 25;

interface Waiter {
  readyAt: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Settles each sale's pending asks in batches: every ask waits until the settle delay has passed since it arrived,
 * and one `flash_settle` call then admits all asks of the sale that are due, in arrival order (the process's
 * waiters, and any other process's). One call in flight per sale; asks due meanwhile share the next one.
 */
export function flashSettler(repo: FlashSalesRepository, settleMs = FLASH_SETTLE_MS) {
  const sales = new Map<string, { waiters: Waiter[]; timer?: NodeJS.Timeout; dueAt: number; running: boolean }>();

  const schedule = (saleId: string): void => {
    const state = sales.get(saleId);
    if (!state || state.running || state.timer) return;
    if (state.waiters.length === 0) {
      sales.delete(saleId);
      return;
    }
    const first = Math.min(...state.waiters.map((w) => w.readyAt));
    state.dueAt = first;
    state.timer = setTimeout(() => void run(saleId), Math.max(0, first - Date.now()));
  };

  const run = async (saleId: string): Promise<void> => {
    const state = sales.get(saleId);
    if (!state) return;
    state.timer = undefined;
    state.running = true;
    // The database's cutoff is taken after this instant, so every waiter ready now is covered by this call.
    const started = Date.now();
    const due = state.waiters.filter((w) => w.readyAt <= started);
    state.waiters = state.waiters.filter((w) => w.readyAt > started);
    try {
      await repo.settle(saleId, FLASH_PLACES_PER_ADDRESS, settleMs * 1000);
      await inTurns(due, (w) => w.resolve());
    } catch (err) {
      for (const w of due) w.reject(err);
    } finally {
      state.running = false;
      schedule(saleId);
    }
  };

  return {
    /** Resolves once a settle of the sale has covered an ask that arrived at `arrivedUs` (µs since the epoch). */
    settled(saleId: string, arrivedUs: number): Promise<void> {
      return new Promise((resolve, reject) => {
        let state = sales.get(saleId);
        if (!state) sales.set(saleId, (state = { waiters: [], dueAt: 0, running: false }));
        // One millisecond past the delay (the clocks' readings are rounded differently in the database), then up to
        // the next tick: asks of one tick share one settle, so a start second is a few dozen settles, not thousands.
        const readyAt = Math.ceil((Math.ceil(arrivedUs / 1000) + settleMs + 1) / SETTLE_TICK_MS) * SETTLE_TICK_MS;
        state.waiters.push({ readyAt, resolve, reject });
        // Asks arrive in about their order: a timer already set for an earlier one serves this one too.
        if (state.timer && state.dueAt <= readyAt) return;
        if (state.timer) {
          clearTimeout(state.timer);
          state.timer = undefined;
        }
        schedule(saleId);
      });
    },
  };
}

export type FlashSettler = ReturnType<typeof flashSettler>;
