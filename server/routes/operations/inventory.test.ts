import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sellable } from '../../test-support/fixtures';
import { Errno } from '../../errors';
import { STOCK_MAX } from '../../schemas/inventory';

/**
 * The inventory through real HTTP: operators list live stock with its ledger and set or adjust it from the value they
 * saw, so parallel operators never overwrite each other; everyone else, and every malformed request, gets an envelope
 * error and never a 5xx. The product page's live stock call.
 */
describe.each(drivers)('inventory (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const post = (c: Client, path: string, json: unknown) =>
    c.call(`/api/id/staff/inventory/${path}`, { method: 'POST', json });
  const stockOf = async (commodityId: string) =>
    Number(
      (
        await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
          commodityId,
        ])
      )[0]!.stock,
    );
  const ledger = (commodityId: string, reason: string) =>
    server.db.query<{ delta: number; stock_after: number; note: string; actor_id: number }>(
      `SELECT delta, stock_after, note, actor_id FROM stock_movements WHERE commodity_id = $1 AND local = 'id'
        AND reason = $2 ORDER BY id`,
      [commodityId, reason],
    );

  it('staff list a product of a country with its live stock, on_sale and its starting movement', async () => {
    const item = await sellable(server.db, 1, 3);
    const staff = (await staffMember(server)).client;
    const r = await staff.call(`/api/id/staff/inventory?productId=${item.product_id}`);
    expect(r.body.errno).toBe(0);
    const offer = r.body.data.offers.find((o: { commodity_id: string }) => o.commodity_id === item.commodity_id);
    expect(offer).toMatchObject({
      local: 'id',
      product_id: item.product_id,
      stock: await stockOf(item.commodity_id),
      on_sale: true,
    });
    expect(offer.movements.at(-1)).toMatchObject({
      reason: 'snapshot start',
      delta: offer.stock,
      stock_after: offer.stock,
      actor: null,
    });
    expect(r.body.data.offers.every((o: { product_id: string }) => o.product_id === item.product_id)).toBe(true);
    // Another country by `local`, and a search by name.
    const de = await staff.call(`/api/id/staff/inventory?local=de&q=${encodeURIComponent(item.name.slice(0, 6))}`);
    expect(de.body.errno).toBe(0);
    expect(de.body.data.offers.every((o: { local: string }) => o.local === 'de')).toBe(true);
  });

  it('set and adjust move the stock from the value seen, with the note and the operator in the ledger', async () => {
    const item = await sellable(server.db, 1, 4);
    const operator = await staffMember(server);
    const before = await stockOf(item.commodity_id);
    const set = await post(operator.client, 'set', {
      local: 'id',
      commodity_id: item.commodity_id,
      expected_stock: before,
      stock: 40,
      note: ' counted the shelf ',
    });
    expect(set.body.errno).toBe(0);
    expect(set.body.data.offer).toMatchObject({ stock: 40 });
    expect(set.body.data.offer.movements[0]).toMatchObject({
      reason: 'set',
      delta: 40 - before,
      stock_after: 40,
      note: 'counted the shelf',
      actor: operator.email,
    });
    const adjust = await post(operator.client, 'adjust', {
      local: 'id',
      commodity_id: item.commodity_id,
      expected_stock: 40,
      delta: -3,
      note: 'three broken in the store room',
    });
    expect(adjust.body.data.offer.stock).toBe(37);
    expect(await ledger(item.commodity_id, 'adjustment')).toEqual([
      { delta: -3, stock_after: 37, note: 'three broken in the store room', actor_id: operator.userId },
    ]);
    // Seen a value that is no longer true: refused, nothing written, the answer says what it is now.
    const stale = await post(operator.client, 'set', {
      local: 'id',
      commodity_id: item.commodity_id,
      expected_stock: 40,
      stock: 10,
      note: 'recount',
    });
    expect([stale.status, stale.body.errno, stale.body.data.stock]).toEqual([200, Errno.STOCK_CHANGED, 37]);
    expect(stale.body.errmsg).toContain('37');
    // Below zero: refused with its own errno.
    const negative = await post(operator.client, 'adjust', {
      local: 'id',
      commodity_id: item.commodity_id,
      expected_stock: 37,
      delta: -38,
      note: 'too many',
    });
    expect([negative.body.errno, negative.body.data.stock]).toEqual([Errno.STOCK_NEGATIVE, 37]);
    expect(await stockOf(item.commodity_id)).toBe(37);
    expect(await ledger(item.commodity_id, 'set')).toHaveLength(1);
  });

  it('20 parallel adjustments from one value: one wins, the others get the conflict and current stock', async () => {
    const item = await sellable(server.db, 1, 5);
    const operators = await Promise.all(Array.from({ length: 4 }, () => staffMember(server)));
    const before = await stockOf(item.commodity_id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(operators[i % 4]!.client, 'adjust', {
          local: 'id',
          commodity_id: item.commodity_id,
          expected_stock: before,
          delta: i + 1,
          note: `delivery ${i}`,
        }),
      ),
    );
    const won = answers.filter((a) => a.body.errno === 0);
    expect(won).toHaveLength(1);
    const after = won[0]!.body.data.offer.stock;
    expect(answers.filter((a) => a.body.errno === Errno.STOCK_CHANGED).map((a) => a.body.data.stock)).toEqual(
      Array(19).fill(after),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const moves = await ledger(item.commodity_id, 'adjustment');
    expect(moves).toHaveLength(1);
    expect(before + moves[0]!.delta).toBe(after);
    expect(await stockOf(item.commodity_id)).toBe(after);
  });

  it('parallel sets and sales: every unit is accounted for in the ledger', async () => {
    const item = await sellable(server.db, 1, 6);
    const operator = (await staffMember(server)).client;
    const before = await stockOf(item.commodity_id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(operator, 'set', {
          local: 'id',
          commodity_id: item.commodity_id,
          expected_stock: before,
          stock: 100 + i,
          note: 'count',
        }),
      ),
    );
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
    const sum = await server.db.query<{ total: number }>(
      `SELECT sum(delta)::int AS total FROM stock_movements WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id],
    );
    expect(sum[0]!.total).toBe(await stockOf(item.commodity_id));
  });

  it('a shopper, a visitor and malformed or abusive requests get envelope errors, never a 5xx', async () => {
    const item = await sellable(server.db, 1, 7);
    const shopper = (await quickShopper(server)).client;
    const visitor = new Client(server.base);
    const good = {
      local: 'id',
      commodity_id: item.commodity_id,
      expected_stock: await stockOf(item.commodity_id),
      delta: 5,
      note: 'x',
    };
    for (const c of [shopper, visitor]) {
      const list = await c.call('/api/id/staff/inventory');
      expect(list.body.errno).toBe(c === shopper ? Errno.STAFF_ONLY : Errno.NOT_LOGGED_IN);
      const r = await post(c, 'adjust', good);
      expect(r.body.errno).toBe(c === shopper ? Errno.STAFF_ONLY : Errno.NOT_LOGGED_IN);
    }
    const staff = (await staffMember(server)).client;
    const bad: [string, unknown][] = [
      ['set', { ...good, delta: undefined, stock: -1 }],
      ['set', { ...good, delta: undefined, stock: STOCK_MAX + 1 }],
      ['set', { ...good, delta: undefined, stock: 1e300 }],
      ['set', { ...good, delta: undefined, stock: '12abc' }],
      ['adjust', { ...good, delta: 0 }],
      ['adjust', { ...good, delta: 2 ** 31 }],
      ['adjust', { ...good, delta: -(2 ** 53) }],
      ['adjust', { ...good, expected_stock: -5 }],
      ['adjust', { ...good, note: '' }],
      ['adjust', { ...good, note: '   ' }],
      ['adjust', { ...good, note: 'x'.repeat(501) }],
      ['adjust', { ...good, note: 'null\u0000byte' }],
      ['adjust', { ...good, local: 'ID' }],
      ['adjust', { ...good, local: "id'; DROP TABLE offers; --" }],
      ['adjust', { ...good, commodity_id: 'abc' }],
      ['adjust', { ...good, commodity_id: ['1'] }],
      ['adjust', [good]],
      ['adjust', 'delta=5'],
      ['adjust', null],
      ['adjust', {}],
    ];
    for (const [path, body] of bad) {
      const r = await post(staff, path, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(r.body.errno, JSON.stringify(body).slice(0, 80)).not.toBe(0);
    }
    const unknown = await post(staff, 'adjust', { ...good, commodity_id: '99999999999' });
    expect([unknown.status, unknown.body.errno]).toEqual([404, Errno.NOT_FOUND]);
    const elsewhere = await post(staff, 'adjust', { ...good, local: 'zz' });
    expect(elsewhere.body.errno).toBe(Errno.NOT_FOUND);
    for (const q of ['limit=0', 'limit=1000', 'local=xyz', `q=${'x'.repeat(81)}`, 'productId=%00', 'q=%25%5F%5C']) {
      const r = await staff.call(`/api/id/staff/inventory?${q}`);
      expect(r.status, q).toBeLessThan(500);
    }
    // Nothing of the above moved the stock.
    expect(await stockOf(item.commodity_id)).toBe(good.expected_stock);
    expect(await ledger(item.commodity_id, 'adjustment')).toEqual([]);
  });

  it('search shows whether a found product is in stock now, not when its index was built', async () => {
    const item = await sellable(server.db, 1, 9);
    const staff = (await staffMember(server)).client;
    const visitor = new Client(server.base);
    const hit = async () => {
      const r = await visitor.call(`/api/id/search?type=product&keyword=${encodeURIComponent(item.name)}`);
      return r.body.data.results[0].items.find((i: { id: string }) => i.id === item.product_id);
    };
    expect((await hit()).in_stock).toBe(true);
    const offers = (await staff.call(`/api/id/staff/inventory?productId=${item.product_id}`)).body.data.offers as {
      commodity_id: string;
      stock: number;
    }[];
    for (const o of offers)
      expect(
        (
          await post(staff, 'set', {
            local: 'id',
            commodity_id: o.commodity_id,
            expected_stock: o.stock,
            stock: 0,
            note: 'sold out',
          })
        ).body.errno,
      ).toBe(0);
    expect((await hit()).in_stock).toBe(false);
    expect(
      (
        await post(staff, 'adjust', {
          local: 'id',
          commodity_id: item.commodity_id,
          expected_stock: 0,
          delta: 2,
          note: 'delivery',
        })
      ).body.errno,
    ).toBe(0);
    expect((await hit()).in_stock).toBe(true);
  });

  it("the product page's live stock: a product's versions in the storefront's country; bad input refused", async () => {
    const item = await sellable(server.db, 1, 8);
    const visitor = new Client(server.base);
    const r = await visitor.call(`/api/id/stock?productId=${item.product_id}`);
    expect(r.body.errno).toBe(0);
    expect(r.body.data.commodities).toContainEqual({
      commodity_id: item.commodity_id,
      stock: await stockOf(item.commodity_id),
      on_sale: true,
    });
    expect((await visitor.call('/api/id/stock?productId=no-such-product')).body.data.commodities).toEqual([]);
    for (const q of ['', '?productId=', `?productId=${'a'.repeat(200)}`, '?productId=%27%3B']) {
      const bad = await visitor.call(`/api/id/stock${q}`);
      expect([bad.status, bad.body.errno]).toEqual([400, Errno.INVALID_PARAM]);
    }
  });
});
