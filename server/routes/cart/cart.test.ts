import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity, sellable } from '../../test-support/fixtures';
import { Errno } from '../../errors';

describe.each(drivers)('cart (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const cart = (c: Client, form: Record<string, string | string[]>, path = '/api/id/cart') =>
    c.call(path, { method: 'POST', form: { cartV: '20000', ...form } });

  it('adds for a visitor (cookie cartId), every item field in the country currency, counted in misc/info', async () => {
    const c = new Client(server.base);
    const item = await sellable(server.db, 2);
    const r = await cart(c, { action: 'add', commodityId: item.commodity_id, quantity: '2' });
    expect(r.status).toBe(200);
    expect(r.body.errno).toBe(0);
    expect(c.cookies.get('cartId')).toMatch(/^[0-9a-f-]{36}$/);
    const u = r.body.data.unified_cart_data;
    expect(u.currency).toBe('IDR');
    expect(u.items).toHaveLength(1);
    const line = u.items[0];
    for (const key of [
      'item_id',
      'get_type',
      'show_type',
      'commodity_id',
      'goods_id',
      'product_name',
      'product_image',
      'product_id',
      'product_num',
      'is_out_of_stock',
      'is_not_available',
      'is_invalid',
      'sale_price',
      'market_price',
    ]) {
      expect(line).toHaveProperty(key);
    }
    expect(line.product_num).toBe(2);
    expect(line.currency).toBe('IDR');
    const offer = await server.db.query<{ sale_price: number }>(
      `SELECT sale_price::float8 AS sale_price FROM offers WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id],
    );
    expect(line.sale_price).toBe(offer[0]!.sale_price);
    expect(u.total_price).toBe(offer[0]!.sale_price * 2);
    expect(u.valid_items).toHaveLength(1);
    expect(u.main_items).toHaveLength(1);
    expect(u.checkout.payment.can_checkout).toBe(true);
    const info = await c.call('/api/id/misc/info');
    expect(info.body.data.cart_count).toBe(2);
  });

  it("answers parallel misc/info calls of many shoppers each with their own cart's count (batched)", async () => {
    const item = await sellable(server.db, 6);
    const shoppers = Array.from({ length: 6 }, () => new Client(server.base));
    await Promise.all(
      shoppers.map((c, i) => cart(c, { action: 'add', commodityId: item.commodity_id, quantity: String(i + 1) })),
    );
    const signedOut = new Client(server.base);
    const askers = [...shoppers, signedOut].flatMap((c) => Array.from({ length: 5 }, () => c));
    const answers = await Promise.all(askers.map((c) => c.call('/api/id/misc/info')));
    answers.forEach((answer, i) => {
      const asker = askers[i]!;
      expect(answer.body.errno).toBe(0);
      expect(answer.body.data.cart_count).toBe(asker === signedOut ? 0 : shoppers.indexOf(asker) + 1);
    });
  });

  it('shows the prices of the storefront country: the same cart read in Germany is in EUR', async () => {
    const c = new Client(server.base);
    const item = await commodity(
      server.db,
      `o.stock > 0 AND EXISTS (SELECT 1 FROM offers d WHERE d.commodity_id = c.commodity_id AND d.local = 'de'
        AND d.stock > 0)`,
    );
    await cart(c, { action: 'add', commodityId: item.commodity_id });
    const de = await c.call('/api/de/cart', { method: 'POST', form: { cartV: '20000' } });
    expect(de.body.data.unified_cart_data.currency).toBe('EUR');
    expect(de.body.data.unified_cart_data.items[0].currency).toBe('EUR');
    expect(de.body.data.unified_cart_data.items[0].is_not_available).toBe(false);
  });

  it('changes quantity, unchecks, checks and removes by the action field and the /cart/<action> routes', async () => {
    const c = new Client(server.base);
    const a = await sellable(server.db, 3);
    const b = await sellable(server.db, 1, 1);
    await cart(c, { action: 'add', commodityId: a.commodity_id });
    await cart(c, { commodityId: b.commodity_id }, '/api/id/cart/add');
    let r = await cart(c, { commodityId: a.commodity_id, quantity: '3' }, '/api/id/cart/update');
    expect(r.body.data.unified_cart_data.items.find((i: any) => i.commodity_id === a.commodity_id).product_num).toBe(3);
    r = await cart(c, { action: 'check', commodityIds: [a.commodity_id], checked: 'false' });
    const u = r.body.data.unified_cart_data;
    expect(u.items.find((i: any) => i.commodity_id === a.commodity_id).checked).toBe(false);
    expect(u.checkout.payment.selected_items).toBe(1);
    expect(u.total_price).toBe(u.items.find((i: any) => i.commodity_id === b.commodity_id).subtotal);
    r = await cart(c, { commodityIds: [a.commodity_id] }, '/api/id/cart/remove');
    expect(r.body.data.unified_cart_data.items.map((i: any) => i.commodity_id)).toEqual([b.commodity_id]);
  });

  it('enforces the purchase limit with a clear errno and keeps the quantity', async () => {
    const c = new Client(server.base);
    const item = await sellable(server.db, 1);
    const over = await cart(c, {
      action: 'add',
      commodityId: item.commodity_id,
      quantity: String(item.purchase_limit + 1),
    });
    expect(over.body.errno).toBe(Errno.PURCHASE_LIMIT);
    expect(over.body.errmsg).toContain(String(item.purchase_limit));
    await cart(c, { action: 'add', commodityId: item.commodity_id, quantity: String(item.purchase_limit) });
    const again = await cart(c, { action: 'add', commodityId: item.commodity_id });
    expect(again.body.errno).toBe(Errno.PURCHASE_LIMIT);
    const now = await cart(c, {});
    expect(now.body.data.unified_cart_data.items[0].product_num).toBe(item.purchase_limit);
  });

  it('refuses what is unknown or not on sale here; flags (never drops) lines now sold out or off sale', async () => {
    const c = new Client(server.base);
    const notHere = await commodity(server.db, `o.commodity_id IS NULL`);
    expect((await cart(c, { action: 'add', commodityId: notHere.commodity_id })).body.errno).toBe(Errno.NOT_ON_SALE);
    expect((await cart(c, { action: 'add', commodityId: '99999999' })).body.errno).toBe(Errno.UNKNOWN_COMMODITY);

    const a = await sellable(server.db, 1, 2);
    const b = await sellable(server.db, 1, 3);
    await cart(c, { action: 'add', commodityId: a.commodity_id });
    await cart(c, { action: 'add', commodityId: b.commodity_id });
    const saved = await server.db.query(`SELECT * FROM offers WHERE commodity_id = ANY($1::text[]) AND local = 'id'`, [
      [a.commodity_id, b.commodity_id],
    ]);
    await server.db.query(`UPDATE offers SET stock = 0 WHERE commodity_id = $1 AND local = 'id'`, [a.commodity_id]);
    await server.db.query(`DELETE FROM offers WHERE commodity_id = $1 AND local = 'id'`, [b.commodity_id]);
    try {
      const u = (await cart(c, {})).body.data.unified_cart_data;
      expect(u.items).toHaveLength(2);
      const la = u.items.find((i: any) => i.commodity_id === a.commodity_id);
      const lb = u.items.find((i: any) => i.commodity_id === b.commodity_id);
      expect(la.is_out_of_stock).toBe(true);
      expect(la.is_not_available).toBe(true);
      expect(lb.is_not_available).toBe(true);
      expect(lb.sale_price).toBeNull();
      expect(u.valid_items).toHaveLength(0);
      expect(u.total_price).toBe(0);
      expect(u.checkout.payment.can_checkout).toBe(false);
      expect((await cart(c, { action: 'add', commodityId: a.commodity_id })).body.errno).toBe(Errno.OUT_OF_STOCK);
    } finally {
      // Other tests of this file read the seeded offers again.
      await server.db.query(`DELETE FROM offers WHERE commodity_id = ANY($1::text[]) AND local = 'id'`, [
        [a.commodity_id, b.commodity_id],
      ]);
      await server.db.query(`INSERT INTO offers SELECT * FROM jsonb_populate_recordset(NULL::offers, $1::jsonb)`, [
        JSON.stringify(saved),
      ]);
    }
  });

  it('keeps correct quantities under concurrent adds to one cart', async () => {
    const c = new Client(server.base);
    const item = await commodity(server.db, `o.stock > 0 AND p.purchase_limit >= 2`);
    await server.db.query(`UPDATE products SET purchase_limit = 1000 WHERE id = $1`, [item.product_id]);
    await cart(c, { action: 'add', commodityId: item.commodity_id });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => cart(c, { action: 'add', commodityId: item.commodity_id, quantity: '2' })),
    );
    expect(results.every((r) => r.body.errno === 0)).toBe(true);
    const u = (await cart(c, {})).body.data.unified_cart_data;
    expect(u.items[0].product_num).toBe(41);
    // The limit holds under concurrency too: 30 adds of 1 against a limit of 50 stop exactly at 50.
    await server.db.query(`UPDATE products SET purchase_limit = 50 WHERE id = $1`, [item.product_id]);
    const capped = await Promise.all(
      Array.from({ length: 30 }, () => cart(c, { action: 'add', commodityId: item.commodity_id })),
    );
    expect(capped.filter((r) => r.body.errno === 0)).toHaveLength(9);
    expect(capped.filter((r) => r.body.errno === Errno.PURCHASE_LIMIT)).toHaveLength(21);
    expect((await cart(c, {})).body.data.unified_cart_data.items[0].product_num).toBe(50);
  });

  it("merges a visitor's cart into the user's cart at sign-in", async () => {
    const user = new Client(server.base);
    const account = await user.register();
    const a = await sellable(server.db, 3, 4);
    const b = await sellable(server.db, 1, 5);
    await cart(user, { action: 'add', commodityId: a.commodity_id });
    await user.call('/api/id/site/logout', { method: 'POST', json: {} });
    expect(user.cookies.has('serviceToken')).toBe(false);

    const visitor = new Client(server.base);
    await cart(visitor, { action: 'add', commodityId: a.commodity_id, quantity: '2' });
    await cart(visitor, { action: 'add', commodityId: b.commodity_id });
    const signIn = await visitor.call('/api/id/site/login', {
      method: 'POST',
      json: { email: account.email, password: account.password },
    });
    expect(signIn.body.errno).toBe(0);
    expect(visitor.cookies.has('cartId')).toBe(false);
    const u = (await cart(visitor, {})).body.data.unified_cart_data;
    const qty = Object.fromEntries(u.items.map((i: any) => [i.commodity_id, i.product_num]));
    expect(qty).toEqual({ [a.commodity_id]: Math.min(3, a.purchase_limit), [b.commodity_id]: 1 });
    const left = await server.db.query(
      `SELECT count(*)::int AS n FROM carts WHERE user_id IS NULL AND id NOT IN (SELECT cart_id FROM cart_items)`,
    );
    expect(left[0]).toEqual({ n: 0 });
  });

  /** A product with at least `n` commodities in stock in Indonesia and a purchase limit below their count. */
  async function limitedProduct(n: number): Promise<{ commodities: string[]; limit: number; name: string }> {
    const rows = await server.db.query<{
      product_id: string;
      name: string;
      purchase_limit: number;
      commodities: string[];
    }>(
      `SELECT p.id AS product_id, p.name, p.purchase_limit, array_agg(c.commodity_id
        ORDER BY c.commodity_id) AS commodities
       FROM products p JOIN commodities c ON c.product_id = p.id
       JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'id' AND o.stock > 10
       GROUP BY p.id HAVING count(*) >= $1 AND p.purchase_limit < count(*) * 2 ORDER BY p.id LIMIT 1`,
      [n],
    );
    const row = rows[0]!;
    return { commodities: row.commodities, limit: row.purchase_limit, name: row.name };
  }

  it('counts the purchase limit per product across its variants, also under parallel adds', async () => {
    const product = await limitedProduct(4);
    const c = new Client(server.base);
    // The cart exists before the burst (a visitor's very first calls would each start a cart of their own).
    const other = await commodity(
      server.db,
      `o.stock > 0 AND c.product_id <> (SELECT product_id FROM commodities WHERE commodity_id = $1)`,
      [product.commodities[0]],
    );
    await cart(c, { action: 'add', commodityId: other.commodity_id });
    const answers = await Promise.all(
      product.commodities.flatMap((id) => [1, 2].map(() => cart(c, { action: 'add', commodityId: id }))),
    );
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(product.limit);
    expect(answers.filter((a) => a.body.errno === Errno.PURCHASE_LIMIT).length).toBe(answers.length - product.limit);
    const u = (await cart(c, {})).body.data.unified_cart_data;
    expect(u.total_items).toBe(product.limit + 1);
    // Raising one variant past what the others leave is refused too.
    const first = u.items.find((i: any) => i.commodity_id !== other.commodity_id);
    const update = await cart(c, {
      action: 'update',
      commodityId: first.commodity_id,
      quantity: String(product.limit + 1),
    });
    expect(update.body.errno).toBe(Errno.PURCHASE_LIMIT);
  });

  it('a sign-in merge keeps every limit and tells the shopper what did not fit, until dismissed', async () => {
    const product = await limitedProduct(2);
    const user = new Client(server.base);
    const account = await user.register();
    await cart(user, { action: 'add', commodityId: product.commodities[0]!, quantity: String(product.limit) });
    // Fill the user's cart to the 50-line cap with other products.
    const others = await server.db.query<{ commodity_id: string }>(
      `SELECT c.commodity_id FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id
        AND o.local = 'id' AND o.stock > 0
       JOIN products p ON p.id = c.product_id WHERE p.id <> (SELECT product_id FROM commodities WHERE commodity_id = $1)
       ORDER BY c.commodity_id`,
      [product.commodities[0]!],
    );
    const seen = new Set<string>();
    for (const { commodity_id } of others) {
      if (seen.size >= 49) break;
      const r = await cart(user, { action: 'add', commodityId: commodity_id });
      if (r.body.errno === 0) seen.add(commodity_id);
    }
    expect((await cart(user, {})).body.data.unified_cart_data.items).toHaveLength(50);
    await user.call('/api/id/site/logout', { method: 'POST', json: {} });

    const visitor = new Client(server.base);
    await cart(visitor, { action: 'add', commodityId: product.commodities[0]!, quantity: '1' });
    const outsider = others.find((o) => !seen.has(o.commodity_id))!.commodity_id;
    expect((await cart(visitor, { action: 'add', commodityId: outsider })).body.errno).toBe(0);
    const signIn = await visitor.call('/api/id/site/login', {
      method: 'POST',
      json: { email: account.email, password: account.password },
    });
    expect(signIn.body.errno).toBe(0);
    const notices = signIn.body.data.cart_notices;
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'limit',
          commodity_id: product.commodities[0],
          wanted: 1,
          kept: 0,
          limit: product.limit,
        }),
        expect.objectContaining({ kind: 'full', commodity_id: outsider, kept: 0, limit: 50 }),
      ]),
    );
    const u = (await cart(visitor, {})).body.data.unified_cart_data;
    expect(u.items).toHaveLength(50);
    expect(u.notices).toHaveLength(2);
    const dismissed = (await cart(visitor, { action: 'dismiss' })).body.data.unified_cart_data;
    expect(dismissed.notices).toEqual([]);
  });

  it('an Idempotency-Key makes 20 parallel retries of an add count once; same key, other body is refused', async () => {
    const item = await sellable(server.db, 3);
    const c = new Client(server.base);
    const first = await sellable(server.db, 1, 3);
    await cart(c, { action: 'add', commodityId: first.commodity_id });
    const key = `add-${driver}-${Date.now()}`;
    const add = () =>
      c.call('/api/id/cart', {
        method: 'POST',
        headers: { 'idempotency-key': key },
        json: { action: 'add', commodityId: item.commodity_id },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, add));
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(
      (await cart(c, {})).body.data.unified_cart_data.items.find((i: any) => i.commodity_id === item.commodity_id)
        .product_num,
    ).toBe(1);
    const replay = await c.fetch('/api/id/cart', {
      method: 'POST',
      headers: { 'idempotency-key': key, accept: 'application/json' },
      json: { action: 'add', commodityId: item.commodity_id },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await replay.text();
    const other = await c.call('/api/id/cart', {
      method: 'POST',
      headers: { 'idempotency-key': key },
      json: { action: 'add', commodityId: item.commodity_id, quantity: 2 },
    });
    expect(other.status).toBe(409);
    expect(other.body.errno).toBe(Errno.IDEMPOTENCY_KEY_REUSED);
    const bad = await c.call('/api/id/cart', { method: 'POST', headers: { 'idempotency-key': 'x' }, json: {} });
    expect(bad.body.errno).toBe(Errno.INVALID_PARAM);
  });

  it('answers bad cart input with errno 40001 naming the field, never a 5xx', async () => {
    const c = new Client(server.base);
    const cases: Record<string, string | string[]>[] = [
      { action: 'add' },
      { action: 'add', commodityId: "1' OR '1'='1" },
      { action: 'add', commodityId: '10001', quantity: 'lots' },
      { action: 'add', commodityId: '10001', quantity: '-1' },
      { action: 'explode' },
      { cartV: '1' },
      { action: 'update', commodityId: '10001' },
      { action: 'remove' },
    ];
    for (const form of cases) {
      const r = await c.call('/api/id/cart', { method: 'POST', form: { cartV: '20000', ...form } });
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(r.body.errno).toBe(Errno.INVALID_PARAM);
      expect(r.body.errmsg).toMatch(/^invalid parameter: body\./);
      expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts:\d+/);
    }
    const json = await c.fetch('/api/id/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"action":',
    });
    expect(json.status).toBe(400);
    expect((await json.json()).errno).toBe(Errno.INVALID_PARAM);
  });
});
