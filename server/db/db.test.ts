import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../test-support/harness';
import { freshPgliteDir } from '../test-support/template';
import { openPg } from './pg-driver';
import { openPglite } from './pglite-driver';
import { migrate } from './migrate';
import { seedFromContent } from './seed';
import { defaultContentDir } from './seed-source';
import type { Database } from './types';

const quiet = { info: () => {}, warn: () => {} };

/** A copy of content/ whose catalogue the test may change. */
function contentCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-content-'));
  fs.cpSync(defaultContentDir, dir, { recursive: true });
  return dir;
}

describe.each(drivers)('database layer (%s)', (driver) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let schema = '';
  beforeAll(async () => {
    if (driver === 'pg') {
      schema = `t_${randomBytes(6).toString('hex')}`;
      db = await openPg(process.env['TEST_DATABASE_URL']!, { schema });
      cleanup = async () => {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      };
    } else {
      const dir = await freshPgliteDir();
      db = await openPglite(dir);
      cleanup = async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
  });
  afterAll(async () => cleanup?.());

  it('migrates once; running again (or from two instances at once) applies nothing twice', async () => {
    if (driver === 'pg') {
      const other = await openPg(process.env['TEST_DATABASE_URL']!, { schema });
      const [a, b] = await Promise.all([migrate(db), migrate(other)]);
      await other.close();
      expect([...a, ...b].sort()).toEqual(fs.readdirSync(path.join(__dirname, 'migrations')).sort());
    } else {
      await migrate(db);
    }
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY name`);
    expect(rows.map((r) => r.name)).toContain('001_init.sql');
  });

  it(
    'seeds from the snapshots once, then only when they change; offers keep their stock and go off sale, ' +
      'carts keep their lines',
    async () => {
      await migrate(db);
      const content = contentCopy();
      try {
        await seedFromContent(db, { contentDir: content, log: quiet });
        expect(await seedFromContent(db, { contentDir: content, log: quiet })).toBe('unchanged');
        const products = JSON.parse(fs.readFileSync(path.join(content, 'snapshots/catalogue/products.json'), 'utf8'));
        // The catalogue's products, and the gift card sold from the voucher page (sites/gift-cards.ts).
        const count = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM products WHERE category <> 'gift-cards'`,
        );
        expect(count[0]!.n).toBe(products.products.length);
        expect((await db.query(`SELECT id FROM products WHERE category = 'gift-cards'`)).map((r: any) => r.id)).toEqual(
          ['gift-card'],
        );

        // A cart line of a commodity that then stops being sold in Indonesia stays in the cart.
        const first = products.products[0];
        const commodityId: string = first.commodities[0].commodityId;
        await db.query(`INSERT INTO carts (id) VALUES ('00000000-0000-4000-8000-000000000001') ON CONFLICT DO NOTHING`);
        await db.query(
          `INSERT INTO cart_items (cart_id, commodity_id, quantity)
           VALUES ('00000000-0000-4000-8000-000000000001', $1, 1)
         ON CONFLICT DO NOTHING`,
          [commodityId],
        );
        const seededStock = first.commodities[0].offers.id.stock as number;
        first.commodities[0].offers.id = { ...first.commodities[0].offers.id, salePrice: 12345, stock: 7 };
        delete first.commodities[0].offers.de;
        fs.writeFileSync(path.join(content, 'snapshots/catalogue/products.json'), JSON.stringify(products));
        expect(await seedFromContent(db, { contentDir: content, log: quiet })).toBe('seeded');
        const offers = await db.query<{ local: string; sale_price: number; stock: number; on_sale: boolean }>(
          `SELECT local, sale_price::float8 AS sale_price, stock, on_sale FROM offers
         WHERE commodity_id = $1 AND local IN ('id', 'de') ORDER BY local`,
          [commodityId],
        );
        // Stock is live: the snapshot's new stock is not taken; the offer dropped from Germany stays, off sale.
        expect(offers).toEqual([
          { local: 'de', sale_price: expect.any(Number), stock: expect.any(Number), on_sale: false },
          { local: 'id', sale_price: 12345, stock: seededStock, on_sale: true },
        ]);
        const line = await db.query(`SELECT quantity FROM cart_items WHERE commodity_id = $1`, [commodityId]);
        expect(line).toEqual([{ quantity: 1 }]);
      } finally {
        fs.rmSync(content, { recursive: true, force: true });
      }
    },
  );

  it('rolls a failed transaction back completely', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO carts (id) VALUES ('00000000-0000-4000-8000-0000000000aa')`);
        await tx.query(`INSERT INTO carts (id) VALUES ('not a uuid')`);
      }),
    ).rejects.toThrow();
    expect(await db.query(`SELECT 1 FROM carts WHERE id = '00000000-0000-4000-8000-0000000000aa'`)).toEqual([]);
  });
});
