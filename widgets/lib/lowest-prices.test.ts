import { describe, expect, it } from 'vitest';
import { createLowestPriceBatcher, lowestPricesFor, type LowestOffer } from './lowest-prices';

const offer = (commodityId: string): LowestOffer => ({
  commodityId,
  currency: 'EUR',
  exponent: 2,
  salePrice: 79_900,
  marketPrice: 99_900,
  onSale: true,
  reduced: true,
  reducedSince: '2026-11-28T08:00:00.000Z',
  lowestPrice: 99_900,
  basis: 'window',
});

/** A batcher whose flushes run when the test says, recording each request's ids. */
function harness(fail = false) {
  const calls: string[][] = [];
  const flushes: (() => void)[] = [];
  const ask = createLowestPriceBatcher(
    async (ids) => {
      calls.push(ids);
      if (fail) throw new Error('network');
      return ids.filter((id) => !id.startsWith('9')).map(offer);
    },
    (flush) => void flushes.push(flush),
  );
  const flush = () => {
    for (const f of flushes.splice(0)) f();
  };
  return { ask, calls, flush };
}

describe('the lowest prices of the cards that show together', () => {
  it('asks once for every commodity asked in the same moment, and once only for each', async () => {
    const { ask, calls, flush } = harness();
    const answers = Promise.all(['1', '2', '1', '3', '900'].map(ask));
    flush();
    expect((await answers).map((o) => o?.commodityId ?? null)).toEqual(['1', '2', '1', '3', null]);
    expect(calls).toEqual([['1', '2', '3', '900']]);
    // Kept for the page's life: a card that shows later asks nothing again.
    const again = ask('2');
    flush();
    expect((await again)?.lowestPrice).toBe(99_900);
    expect(calls).toHaveLength(1);
  });

  it('splits a page of more than 60 commodities into requests of at most 60', async () => {
    const { ask, calls, flush } = harness();
    const ids = Array.from({ length: 130 }, (_, i) => String(1000 + i));
    const answers = Promise.all(ids.map(ask));
    flush();
    expect((await answers).every((o) => o !== null)).toBe(true);
    expect(calls.map((c) => c.length)).toEqual([60, 60, 10]);
  });

  it('forgets a failed request, so a later ask tries again', async () => {
    const failing = harness(true);
    const first = failing.ask('5');
    failing.flush();
    await expect(first).rejects.toThrow('network');
    const second = failing.ask('5');
    failing.flush();
    await expect(second).rejects.toThrow('network');
    expect(failing.calls).toEqual([['5'], ['5']]);
  });

  it('asks nothing where the country does not show the figure', async () => {
    // No request layer is reached outside the EU and EEA (the call would fail here, with no server).
    expect(await lowestPricesFor('/api/id', 'id', ['1', '2'])).toEqual(new Map());
    expect(await lowestPricesFor('/api/uk', 'uk', ['1'])).toEqual(new Map());
    expect(await lowestPricesFor('/api/de', 'de', [])).toEqual(new Map());
  });
});
