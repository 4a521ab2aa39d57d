import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/types';
import { usersRepository } from '../../server/repositories/users';

/**
 * Shoppers ready to place an order (session, an Indonesian address, one line in the cart), written straight to
 * the benchmark's own database: each may place one order (one unpaid order per user), so a run needs many.
 */
export async function orderShoppers(
  db: Database,
  count: number,
  commodityId: string,
): Promise<{ cookie: string; addressId: string }[]> {
  const users = usersRepository(db);
  const tag = randomUUID().slice(0, 8);
  const ids = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, nickname, c_user_id)
     SELECT 'bench-' || $1 || '-' || g || '@example.com', 'x', 'Bench', $1 || '-' || g FROM generate_series(1, $2) g
     RETURNING id`,
    [tag, count],
  );
  const out: { cookie: string; addressId: string }[] = [];
  for (const { id } of ids) {
    const token = await users.createSession(id);
    const address = (
      await db.query<{ id: string }>(
        `INSERT INTO addresses (user_id, local, recipient, phone, street, city, state, postal_code, is_default)
       VALUES ($1, 'id', 'Bench Shopper', '081234567890', 'Jl. Sudirman 1', 'Jakarta', 'DKI Jakarta', '10110', true)
       RETURNING id::text AS id`,
        [id],
      )
    )[0]!;
    const cart = randomUUID();
    await db.query(`INSERT INTO carts (id, user_id) VALUES ($1, $2)`, [cart, id]);
    await db.query(`INSERT INTO cart_items (cart_id, commodity_id, quantity) VALUES ($1, $2, 1)`, [cart, commodityId]);
    out.push({ cookie: `serviceToken=${token}`, addressId: address.id });
  }
  return out;
}
