import { fork } from 'node:child_process';
import path from 'node:path';
import { randomAddress } from '../../server/test-support/harness';
import { flashClient } from './flash-client';

/** Latencies (ms) of the ordinary traffic measured beside the sale, and its answers that were not errno 0. */
export interface BackgroundFigures {
  miscInfo: number[];
  cartAdd: number[];
  failed: number;
}

/**
 * Ordinary shoppers while the sale runs, on connections of their own: two loops of misc/info and two of a visitor's
 * first cart add (each add a new cart, so no line reaches its purchase limit), against each server in turn. Stop it to
 * get what it measured.
 */
export function backgroundLoad(bases: string[], commodityId: string): { stop: () => Promise<BackgroundFigures> } {
  const client = flashClient(4 * bases.length);
  const figures: BackgroundFigures = { miscInfo: [], cartAdd: [], failed: 0 };
  let running = true;
  let turn = 0;
  async function loop(kind: 'miscInfo' | 'cartAdd'): Promise<void> {
    while (running) {
      const base = bases[turn++ % bases.length]!;
      const a =
        kind === 'miscInfo'
          ? await client.request(base, '/api/id/misc/info', { address: randomAddress() })
          : await client.request(base, '/api/id/cart/add', {
              method: 'POST',
              address: randomAddress(),
              form: `cartV=20000&commodityId=${commodityId}&quantity=1`,
            });
      if (a.errno === 0) figures[kind].push(a.answeredAt - a.sentAt);
      else figures.failed++;
    }
  }
  const loops = [loop('miscInfo'), loop('miscInfo'), loop('cartAdd'), loop('cartAdd')];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      client.close();
      return figures;
    },
  };
}

/**
 * The same load in a child process (flash-background-process.ts), so the shoppers' client never delays its answers:
 * resolves once the process runs (its load begins at `from`); stop it to get what it measured.
 */
export async function backgroundElsewhere(
  bases: string[],
  commodityId: string,
  /** When to begin (ms since the epoch): now, or the sale's start second. */
  from = 0,
): Promise<{ stop: () => Promise<BackgroundFigures> }> {
  const child = fork(
    path.join(__dirname, 'flash-background-process.ts'),
    [bases.join(','), commodityId, String(from)],
    { execArgv: ['--import', 'tsx'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the ordinary traffic's process ended (${code})`)));
  });
  return {
    stop: () =>
      new Promise<BackgroundFigures>((resolve, reject) => {
        child.removeAllListeners('exit');
        child.once('message', (figures) => resolve(figures as BackgroundFigures));
        child.once('exit', (code) => reject(new Error(`the ordinary traffic's process ended (${code})`)));
        child.send('stop');
      }),
  };
}
