import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { usersRepository } from '../repositories/users';
import { checkoutLines, type LineProblem } from '../orders/checkout-lines';
import { fcodeGate } from './steps/check-cart';

/**
 * The cart's rules live twice: the SQL function cart_add refuses an add, and checkoutLines (TypeScript) flags a
 * line at checkout. This table runs every case through both and fails when they disagree, except where the table
 * names the difference and why.
 */
interface Case {
  name: string;
  onSale?: boolean;
  stock?: number;
  purchaseLimit?: number;
  /** An F-code campaign is open for the product here, and the shopper holds this many codes. */
  fcodesHeld?: number;
  preOrder?: boolean;
  inCart?: number;
  add: number;
  /** What both say: 'ok' (the add goes in, checkout flags nothing) or the rule that stops it. */
  rule: 'ok' | LineProblem;
  /** Where cart_add answers otherwise, on purpose. */
  addSays?: string;
  why?: string;
}

const CASES: Case[] = [
  { name: 'an ordinary line', add: 1, rule: 'ok' },
  { name: 'not on sale here', onSale: false, add: 1, rule: 'not_on_sale' },
  { name: 'out of stock', stock: 0, add: 1, rule: 'out_of_stock' },
  { name: 'at the purchase limit', purchaseLimit: 2, inCart: 1, add: 1, rule: 'ok' },
  { name: 'past the purchase limit', purchaseLimit: 2, inCart: 1, add: 2, rule: 'limit' },
  { name: 'F-code only, a code per unit held', fcodesHeld: 2, add: 2, rule: 'ok' },
  { name: 'F-code only, too few codes', fcodesHeld: 1, add: 2, rule: 'fcode' },
  { name: 'F-code only, none held', fcodesHeld: 0, add: 1, rule: 'fcode' },
  { name: 'a pre-order line', preOrder: true, add: 1, rule: 'ok' },
  {
    name: 'more than the stock',
    stock: 2,
    add: 3,
    rule: 'not_enough_stock',
    addSays: 'ok',
    why: 'the cart may hold more than is left (stock moves until the order reserves it); checkout flags the line',
  },
  {
    name: 'F-code only and not on sale',
    onSale: false,
    fcodesHeld: 0,
    add: 1,
    rule: 'not_on_sale',
    addSays: 'fcode',
    why:
      'cart_add asks for the F-code first (the product page offers the code before anything else); checkout ' +
      'names the line not on sale',
  },
];

describe.each(drivers)('the cart rules of cart_add and checkoutLines agree (%s)', (driver) => {
  let server: TestServer;
  let commodities: { commodity_id: string; product_id: string }[];

  beforeAll(async () => {
    server = await startServer(driver);
    // One product per case, so the cases do not share limits or campaigns.
    commodities = await server.db.query<{ commodity_id: string; product_id: string }>(
      `SELECT DISTINCT ON (p.id) c.commodity_id, p.id AS product_id FROM commodities c
       JOIN products p ON p.id = c.product_id
       JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = 'id' AND o.on_sale
       WHERE o.stock > 5 AND p.category <> 'gift-cards' AND p.id NOT IN (SELECT product_id FROM presale_campaigns)
         AND p.id NOT IN (SELECT product_id FROM fcodes)
       ORDER BY p.id, c.commodity_id LIMIT $1`,
      [CASES.length],
    );
    expect(commodities).toHaveLength(CASES.length);
  });
  afterAll(() => server?.close());

  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const { db, app } = server;
    const item = commodities[i]!;
    const user = (await usersRepository(db).create(db, {
      email: `rules${randomBytes(5).toString('hex')}@example.com`,
      passwordHash: 'x',
      nickname: 'Rules',
    }))!;
    await db.query(
      `UPDATE offers SET on_sale = $2, stock = coalesce($3, stock) WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id, c.onSale ?? true, c.stock ?? null],
    );
    await db.query(
      `UPDATE products SET purchase_limit = coalesce($2, greatest(purchase_limit, 5)),
         data = data || jsonb_build_object('preOrder', $3::boolean) WHERE id = $1`,
      [item.product_id, c.purchaseLimit ?? null, c.preOrder ?? false],
    );
    if (c.fcodesHeld !== undefined) {
      // An open campaign: one code nobody holds, and the shopper's redeemed ones.
      await db.query(
        `INSERT INTO fcodes (code, campaign_id, local, product_id, ends_at)
         VALUES ($1, 'rules', 'id', $2, now() + interval '1 day')`,
        [`R${randomBytes(6).toString('hex')}`, item.product_id],
      );
      for (let n = 0; n < c.fcodesHeld; n++) {
        await db.query(
          `INSERT INTO fcodes (code, campaign_id, local, product_id, ends_at, user_id, redeemed_at)
           VALUES ($1, 'rules', 'id', $2, now() + interval '1 day', $3, now())`,
          [`R${randomBytes(6).toString('hex')}`, item.product_id, user.id],
        );
      }
    }
    const cartId = await app.repos.cart.ensure({ userId: user.id });
    if (c.inCart)
      await db.query(`INSERT INTO cart_items (cart_id, commodity_id, quantity) VALUES ($1, $2, $3)`, [
        cartId,
        item.commodity_id,
        c.inCart,
      ]);

    // The SQL side: the add as a shopper makes it.
    const added = await app.repos.cart.add({ userId: user.id }, item.commodity_id, c.add, 'id');
    const addSays = added.ok ? 'ok' : added.reason;

    // The TypeScript side: the same cart with the added units in it, as checkout reads it.
    await db.query(
      `INSERT INTO cart_items (cart_id, commodity_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (cart_id, commodity_id) DO UPDATE SET quantity = EXCLUDED.quantity, checked = true`,
      [cartId, item.commodity_id, (c.inCart ?? 0) + c.add],
    );
    const lines = await app.repos.cart.lines(cartId, 'id');
    const gate = await fcodeGate(app.repos.fcodes, db, user.id, 'id', lines);
    const line = checkoutLines(lines, 'IDR', gate, await app.repos.presales.openDeposits(db, 'id')).find(
      (l) => l.commodityId === item.commodity_id,
    )!;
    const checkoutSays = line.problem ?? 'ok';

    expect({ checkout: checkoutSays, add: addSays }).toEqual({ checkout: c.rule, add: c.addSays ?? c.rule });
    expect(line.preOrder).toBe(c.preOrder ?? false);
  });
});
