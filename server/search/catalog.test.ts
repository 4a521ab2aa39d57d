import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../db/types';
import { SearchCatalog } from './catalog';

/** A database of one Indonesian offer whose price and seed hash the test changes. */
function fakeDb(state: { hash: string; price: number }): Queryable {
  return {
    async query<T>(sql: string): Promise<T[]> {
      if (sql.includes('seed_state')) return [{ hash: state.hash }] as T[];
      if (sql.includes('offered_product_cards')) {
        const offer = {
          local: 'id',
          product_id: 'redmi-note-14',
          name: 'Redmi Note 14',
          image: '/n.png',
          category: 'phones',
          sub_category: 'redmi',
          rank: 0,
          commodity_id: '10001',
          currency: 'IDR',
          sale_price: state.price,
          market_price: state.price,
          stock: 5,
        };
        return [offer] as T[];
      }
      return [];
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('search catalog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers from the new corpus once the seed changed, never from an answer kept for the old one', async () => {
    const state = { hash: 'a', price: 100 };
    const catalog = new SearchCatalog(fakeDb(state), '/nonexistent');
    const price = async () =>
      (await catalog.forStorefront('id', 'id')).suggest.search('redmi', 8).hits[0]!.payload.price;
    expect(await price()).toBe(100);
    expect(await price()).toBe(100);

    // Another process reseeded: the next query after the recheck interval looks, and the one after sees it.
    Object.assign(state, { hash: 'b', price: 200 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    await price();
    for (let i = 0; i < 50 && (await price()) !== 200; i++) await sleep(10);
    expect(await price()).toBe(200);

    // A reseed in this process drops the corpus at once.
    Object.assign(state, { hash: 'c', price: 300 });
    catalog.invalidate();
    expect(await price()).toBe(300);
  });
});
