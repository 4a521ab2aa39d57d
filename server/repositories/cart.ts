import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { loadSql } from './load-sql';

const LINES_SQL = loadSql('cart-lines');
const MERGE_SQL = loadSql('cart-merge');

/** Distinct lines a cart may hold; beyond that adding a new line fails with CART_FULL. */
export const CART_MAX_LINES = 50;

export type CartOwner = { userId: number } | { cartId: string | undefined };

export interface CartLine {
  commodity_id: string;
  quantity: number;
  checked: boolean;
  goods_id: string;
  first_spec_value: string;
  second_spec_value: string;
  product_id: string;
  name: string;
  image: string;
  purchase_limit: number;
  energy_info: unknown;
  bundle_labels: unknown;
  label_countries: string[] | null;
  currency: string | null;
  sale_price: number | null;
  market_price: number | null;
  stock: number | null;
}

export type AddResult =
  | { ok: true; quantity: number }
  | { ok: false; reason: 'unknown' | 'not_on_sale' | 'out_of_stock' | 'limit' | 'full'; limit?: number };

export type UpdateResult = { ok: true } | { ok: false; reason: 'not_in_cart' | 'limit'; limit?: number };

/** Carts of visitors (cookie cartId) and users; quantities change in single statements so concurrent calls add up. */
export function cartRepository(db: Database) {
  async function productLimit(q: Queryable, commodityId: string): Promise<number | null> {
    const rows = await q.query<{ purchase_limit: number }>(
      `SELECT p.purchase_limit FROM commodities c JOIN products p ON p.id = c.product_id WHERE c.commodity_id = $1`,
      [commodityId],
    );
    return rows[0]?.purchase_limit ?? null;
  }

  return {
    /** The id of the owner's cart, or null when it has none yet. */
    async find(owner: CartOwner): Promise<string | null> {
      if ('userId' in owner) {
        const rows = await db.query<{ id: string }>(`SELECT id FROM carts WHERE user_id = $1`, [owner.userId]);
        return rows[0]?.id ?? null;
      }
      if (!owner.cartId || !isUuid(owner.cartId)) return null;
      const rows = await db.query<{ id: string }>(`SELECT id FROM carts WHERE id = $1 AND user_id IS NULL`, [owner.cartId]);
      return rows[0]?.id ?? null;
    },

    /** The owner's cart id, created when missing (a visitor's new id must be set as its cookie). */
    async ensure(owner: CartOwner): Promise<string> {
      if ('userId' in owner) {
        const rows = await db.query<{ id: string }>(
          `INSERT INTO carts (id, user_id) VALUES ($1, $2)
           ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id`,
          [randomUUID(), owner.userId],
        );
        return rows[0]!.id;
      }
      const existing = await this.find(owner);
      if (existing) return existing;
      const id = randomUUID();
      await db.query(`INSERT INTO carts (id) VALUES ($1)`, [id]);
      return id;
    },

    /** Adds `quantity` of a commodity, refusing what is not sold in `local`, out of stock or over the purchase limit. */
    async add(cartId: string, commodityId: string, quantity: number, local: string): Promise<AddResult> {
      const offer = await db.query<{ stock: number | null; purchase_limit: number }>(
        `SELECT o.stock, p.purchase_limit FROM commodities c JOIN products p ON p.id = c.product_id
         LEFT JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $2 WHERE c.commodity_id = $1`,
        [commodityId, local],
      );
      const found = offer[0];
      if (!found) return { ok: false, reason: 'unknown' };
      if (found.stock === null) return { ok: false, reason: 'not_on_sale' };
      if (found.stock === 0) return { ok: false, reason: 'out_of_stock' };
      if (quantity > found.purchase_limit) return { ok: false, reason: 'limit', limit: found.purchase_limit };
      // One statement: the conflict branch locks the row and re-checks the limit on the latest quantity,
      // so two concurrent adds can never both pass the limit or lose an increment.
      const rows = await db.query<{ quantity: number }>(
        `INSERT INTO cart_items (cart_id, commodity_id, quantity)
         SELECT $1, $2, $3
         WHERE (SELECT count(*) FROM cart_items WHERE cart_id = $1) < $5
            OR EXISTS (SELECT 1 FROM cart_items WHERE cart_id = $1 AND commodity_id = $2)
         ON CONFLICT (cart_id, commodity_id) DO UPDATE
           SET quantity = cart_items.quantity + EXCLUDED.quantity, checked = true
           WHERE cart_items.quantity + EXCLUDED.quantity <= $4
         RETURNING quantity`,
        [cartId, commodityId, quantity, found.purchase_limit, CART_MAX_LINES],
      );
      if (rows[0]) return { ok: true, quantity: rows[0].quantity };
      const inCart = await db.query(`SELECT 1 FROM cart_items WHERE cart_id = $1 AND commodity_id = $2`, [cartId, commodityId]);
      return inCart.length > 0 ? { ok: false, reason: 'limit', limit: found.purchase_limit } : { ok: false, reason: 'full' };
    },

    /** Sets the quantity of a line already in the cart. */
    async setQuantity(cartId: string, commodityId: string, quantity: number): Promise<UpdateResult> {
      const limit = await productLimit(db, commodityId);
      if (limit === null) return { ok: false, reason: 'not_in_cart' };
      if (quantity > limit) return { ok: false, reason: 'limit', limit };
      const rows = await db.query(
        `UPDATE cart_items SET quantity = $3 WHERE cart_id = $1 AND commodity_id = $2 RETURNING quantity`,
        [cartId, commodityId, quantity],
      );
      return rows.length > 0 ? { ok: true } : { ok: false, reason: 'not_in_cart' };
    },

    /** Removes lines; returns how many were removed. */
    async remove(cartId: string, commodityIds: string[]): Promise<number> {
      const rows = await db.query(`DELETE FROM cart_items WHERE cart_id = $1 AND commodity_id = ANY($2::text[]) RETURNING commodity_id`, [
        cartId,
        commodityIds,
      ]);
      return rows.length;
    },

    /** Checks or unchecks lines (all lines when `commodityIds` is null). */
    async setChecked(cartId: string, commodityIds: string[] | null, checked: boolean): Promise<number> {
      const rows = await db.query(
        `UPDATE cart_items SET checked = $2 WHERE cart_id = $1 AND ($3::text[] IS NULL OR commodity_id = ANY($3::text[])) RETURNING commodity_id`,
        [cartId, checked, commodityIds],
      );
      return rows.length;
    },

    /** The lines with the offer of `local` (null prices when the commodity is not sold there). */
    async lines(cartId: string, local: string): Promise<CartLine[]> {
      return db.query<CartLine>(LINES_SQL, [cartId, local]);
    },

    /** Total quantity in the owner's cart (the header count). */
    async count(owner: CartOwner): Promise<number> {
      const rows =
        'userId' in owner
          ? await db.query<{ n: number }>(
              `SELECT coalesce(sum(ci.quantity), 0)::int AS n FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.user_id = $1`,
              [owner.userId],
            )
          : owner.cartId && isUuid(owner.cartId)
            ? await db.query<{ n: number }>(
                `SELECT coalesce(sum(ci.quantity), 0)::int AS n FROM carts c JOIN cart_items ci ON ci.cart_id = c.id
                 WHERE c.id = $1 AND c.user_id IS NULL`,
                [owner.cartId],
              )
            : [];
      return rows[0]?.n ?? 0;
    },

    /** Moves a visitor cart into the user's cart at sign-in (quantities added, capped at the purchase limit). */
    async mergeInto(visitorCartId: string | undefined, userId: number): Promise<void> {
      if (!visitorCartId || !isUuid(visitorCartId)) return;
      await db.transaction(async (tx) => {
        const visitor = await tx.query(`SELECT id FROM carts WHERE id = $1 AND user_id IS NULL FOR UPDATE`, [visitorCartId]);
        if (visitor.length === 0) return;
        const userCart = await tx.query<{ id: string }>(
          `INSERT INTO carts (id, user_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET updated_at = now() RETURNING id`,
          [randomUUID(), userId],
        );
        await tx.query(MERGE_SQL, [visitorCartId, userCart[0]!.id]);
        await tx.query(`DELETE FROM carts WHERE id = $1`, [visitorCartId]);
      });
    },
  };
}
export type CartRepository = ReturnType<typeof cartRepository>;

/** Cookie values are untrusted: only a well-formed uuid reaches SQL as a uuid. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
