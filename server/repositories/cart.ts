import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import type { FromSchema } from 'json-schema-to-ts';
import { loadSql } from './load-sql';
import { batched } from '../db/batch';
import type { cartNotice } from '../schemas/cart';

const LINES_SQL = loadSql('cart-lines');

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
  category: string;
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
  pre_order: boolean;
  /**
   * The price in this country when the line was added, when known (a release changed it since: offer_price_history).
   */
  added_price?: number | null;
  /** The shopper chose device insurance for every unit of this line (migration 049: cart_insurance). */
  insured?: boolean;
  /** The product is in a pre-sale's deposit window here: the checkout takes a deposit order, without a plan. */
  in_presale?: boolean;
}

/**
 * What an add did: the cart it went to (`created`: a new visitor cart, whose id must become the cookie) and the
 * outcome.
 */
export type AddResult = { cartId: string; created: boolean } & (
  | { ok: true; quantity: number; lines: CartLine[]; notices: CartNotice[] }
  | { ok: false; reason: 'unknown' | 'fcode' | 'not_on_sale' | 'out_of_stock' | 'limit' | 'full'; limit?: number }
);

/** A cart as the cart answer shows it: its lines with the offer of one country, and its notices. */
export interface CartContents {
  lines: CartLine[];
  notices: CartNotice[];
}

export type UpdateResult = { ok: true } | { ok: false; reason: 'not_in_cart' | 'limit'; limit?: number };

/** What a sign-in merge could not carry over from the visitor's cart, shown in the user's cart until dismissed. */
export type CartNotice = FromSchema<typeof cartNotice>;

interface LockedLine {
  commodity_id: string;
  quantity: number;
  checked: boolean;
  added_at: Date;
  product_id: string;
  purchase_limit: number;
  name: string;
}

const LOCKED_LINES_SQL = `SELECT ci.commodity_id, ci.quantity, ci.checked, ci.added_at, c.product_id, p.purchase_limit,
                            p.name
  FROM cart_items ci JOIN commodities c ON c.commodity_id = ci.commodity_id JOIN products p ON p.id = c.product_id
  WHERE ci.cart_id = $1 ORDER BY ci.added_at, ci.commodity_id`;

/** The jsonb answer of the SQL function cart_add. */
interface AddAnswer {
  cart_id: string;
  created: boolean;
  outcome: 'ok' | 'unknown' | 'fcode' | 'not_on_sale' | 'out_of_stock' | 'limit' | 'full';
  limit: number | null;
  quantity?: number;
  lines?: CartLine[];
  notices?: CartNotice[];
}

/** Quantity per product over all its commodities (the purchase limit per product). */
function productTotals(lines: LockedLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + line.quantity);
  return totals;
}

/**
 * Carts of visitors (cookie cartId) and users. Every change runs in a transaction that first locks the cart row,
 * so concurrent calls on one cart apply one after another and the limits (per product across its variants, and
 * CART_MAX_LINES) always hold.
 */
export function cartRepository(db: Database) {
  // misc/info asks on every page view: many shoppers' counts come from one query (server/db/batch.ts). One query out at
  // a time: the counts asked while it is out wait for it and go together in the next one. Two at a time split the same
  // shoppers into twice as many round trips, each a socket write and read for this process: `npm run bench:api`'s
  // misc/info on Postgres went from 8,800-9,500 to 9,900-11,000 requests/s with one (2026-11-28, p99 unchanged at 6
  // ms).
  const oneQueryAtATime = { maxInFlight: 1 };
  const countForVisitor = batched(async (cartIds: string[]) => {
    const rows = await db.query<{ id: string; n: number }>(
      `SELECT c.id::text AS id, coalesce(sum(ci.quantity), 0)::int AS n
       FROM carts c LEFT JOIN cart_items ci ON ci.cart_id = c.id
       WHERE c.id = ANY($1::uuid[]) AND c.user_id IS NULL GROUP BY c.id`,
      [[...new Set(cartIds)]],
    );
    const counts = new Map(rows.map((r) => [r.id, r.n]));
    return cartIds.map((id) => counts.get(id) ?? 0);
  }, oneQueryAtATime);
  const countForUser = batched(async (userIds: number[]) => {
    const rows = await db.query<{ user_id: number; n: number }>(
      `SELECT c.user_id, coalesce(sum(ci.quantity), 0)::int AS n
       FROM carts c LEFT JOIN cart_items ci ON ci.cart_id = c.id
       WHERE c.user_id = ANY($1::int[]) GROUP BY c.user_id`,
      [[...new Set(userIds)]],
    );
    const counts = new Map(rows.map((r) => [r.user_id, r.n]));
    return userIds.map((id) => counts.get(id) ?? 0);
  }, oneQueryAtATime);

  /** Locks the cart and returns its lines; null when the cart does not exist (any more). */
  async function lock(tx: Queryable, cartId: string): Promise<LockedLine[] | null> {
    const cart = await tx.query(`SELECT id FROM carts WHERE id = $1 FOR UPDATE`, [cartId]);
    if (cart.length === 0) return null;
    return tx.query<LockedLine>(LOCKED_LINES_SQL, [cartId]);
  }

  return {
    /** The id of the owner's cart, or null when it has none yet. */
    async find(owner: CartOwner): Promise<string | null> {
      if ('userId' in owner) {
        const rows = await db.query<{ id: string }>(`SELECT id FROM carts WHERE user_id = $1`, [owner.userId]);
        return rows[0]?.id ?? null;
      }
      if (!owner.cartId || !isUuid(owner.cartId)) return null;
      const rows = await db.query<{ id: string }>(`SELECT id FROM carts WHERE id = $1 AND user_id IS NULL`, [
        owner.cartId,
      ]);
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

    /**
     * Adds `quantity` of a commodity to the owner's cart (a visitor without a valid cart gets a new one), refusing
     * what is unknown, needs an F-code the shopper does not hold, is not sold in `local`, is out of stock, would pass
     * the product's limit or the line cap. One call to the database (cart_add, migration 022), which locks the cart
     * first, so parallel adds to one cart apply one after another; on success it answers with the cart's contents.
     */
    async add(
      owner: CartOwner,
      commodityId: string,
      quantity: number,
      local: string,
      limitFloor = 0,
    ): Promise<AddResult> {
      const visitorCart = 'cartId' in owner && owner.cartId && isUuid(owner.cartId) ? owner.cartId : null;
      const rows = await db.query<{ r: AddAnswer }>(`SELECT cart_add($1, $2, $3, $4, $5, $6, $7, $8) AS r`, [
        visitorCart,
        'userId' in owner ? owner.userId : null,
        randomUUID(),
        commodityId,
        quantity,
        local,
        limitFloor,
        CART_MAX_LINES,
      ]);
      const r = rows[0]!.r;
      const cart = { cartId: r.cart_id, created: r.created };
      if (r.outcome !== 'ok')
        return { ...cart, ok: false, reason: r.outcome, ...(r.limit === null ? {} : { limit: r.limit }) };
      return { ...cart, ok: true, quantity: r.quantity!, lines: r.lines!, notices: r.notices! };
    },

    /** Sets the quantity of a line already in the cart (the product's other variants count towards its limit). */
    async setQuantity(cartId: string, commodityId: string, quantity: number, limitFloor = 0): Promise<UpdateResult> {
      return db.transaction(async (tx) => {
        const lines = (await lock(tx, cartId)) ?? [];
        const line = lines.find((l) => l.commodity_id === commodityId);
        if (!line) return { ok: false, reason: 'not_in_cart' } as const;
        const others = (productTotals(lines).get(line.product_id) ?? 0) - line.quantity;
        const limit = Math.max(line.purchase_limit, limitFloor);
        if (others + quantity > limit) return { ok: false, reason: 'limit', limit } as const;
        await tx.query(`UPDATE cart_items SET quantity = $3 WHERE cart_id = $1 AND commodity_id = $2`, [
          cartId,
          commodityId,
          quantity,
        ]);
        return { ok: true } as const;
      });
    },

    /** Removes lines; returns how many were removed. */
    async remove(cartId: string, commodityIds: string[]): Promise<number> {
      const rows = await db.query(
        `DELETE FROM cart_items WHERE cart_id = $1 AND commodity_id = ANY($2::text[]) RETURNING commodity_id`,
        [cartId, commodityIds],
      );
      return rows.length;
    },

    /** Checks or unchecks lines (all lines when `commodityIds` is null). */
    async setChecked(cartId: string, commodityIds: string[] | null, checked: boolean): Promise<number> {
      const rows = await db.query(
        `UPDATE cart_items SET checked = $2 WHERE cart_id = $1 AND ($3::text[] IS NULL
           OR commodity_id = ANY($3::text[])) RETURNING commodity_id`,
        [cartId, checked, commodityIds],
      );
      return rows.length;
    },

    /** The lines with the offer of `local` (null prices when the commodity is not sold there). */
    async lines(cartId: string, local: string): Promise<CartLine[]> {
      return (await db.query<{ lines: CartLine[] }>(LINES_SQL, [cartId, local]))[0]!.lines;
    },

    /** The lines with the offer of `local`, in the caller's transaction (checkout reads them there). */
    async linesIn(q: Queryable, cartId: string, local: string): Promise<CartLine[]> {
      return (await q.query<{ lines: CartLine[] }>(LINES_SQL, [cartId, local]))[0]!.lines;
    },

    /** A paid order's units leave the user's cart: a line bought whole goes, one bought in part keeps the rest. */
    async removeBoughtIn(
      tx: Queryable,
      userId: number,
      bought: readonly { commodity_id: string; quantity: number }[],
    ): Promise<void> {
      const cart = (await tx.query<{ id: string }>(`SELECT id FROM carts WHERE user_id = $1 FOR UPDATE`, [userId]))[0];
      if (!cart) return;
      for (const line of bought) {
        await tx.query(`DELETE FROM cart_items WHERE cart_id = $1 AND commodity_id = $2 AND quantity <= $3`, [
          cart.id,
          line.commodity_id,
          line.quantity,
        ]);
        await tx.query(
          `UPDATE cart_items SET quantity = quantity - $3 WHERE cart_id = $1 AND commodity_id = $2 AND quantity > $3`,
          [cart.id, line.commodity_id, line.quantity],
        );
      }
      await tx.query(`UPDATE carts SET updated_at = now() WHERE id = $1`, [cart.id]);
    },

    /** The lines (with the offer of `local`) and the notices of a cart, in one query. */
    async contents(cartId: string, local: string): Promise<CartContents> {
      const rows = await db.query<CartContents>(
        `SELECT cart_lines(c.id, $2) AS lines, c.notices FROM carts c WHERE c.id = $1`,
        [cartId, local],
      );
      return rows[0] ?? { lines: [], notices: [] };
    },

    /** Total quantity in the owner's cart (the header count); concurrent calls share one query. */
    async count(owner: CartOwner): Promise<number> {
      if ('userId' in owner) return countForUser(owner.userId);
      return owner.cartId && isUuid(owner.cartId) ? countForVisitor(owner.cartId.toLowerCase()) : 0;
    },

    /**
     * Moves a visitor cart into the user's cart at sign-in. Quantities add up within each product's purchase limit
     * and the line cap; what does not fit is returned and kept on the cart as notices, so the shopper is told.
     */
    async mergeInto(visitorCartId: string | undefined, userId: number): Promise<CartNotice[]> {
      if (!visitorCartId || !isUuid(visitorCartId)) return [];
      return db.transaction(async (tx) => {
        const visitor = await tx.query(`SELECT id FROM carts WHERE id = $1 AND user_id IS NULL FOR UPDATE`, [
          visitorCartId,
        ]);
        if (visitor.length === 0) return [];
        const userCart = await tx.query<{ id: string }>(
          `INSERT INTO carts (id, user_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
           RETURNING id`,
          [randomUUID(), userId],
        );
        const userCartId = userCart[0]!.id;
        const mine = (await lock(tx, userCartId)) ?? [];
        const incoming = await tx.query<LockedLine>(LOCKED_LINES_SQL, [visitorCartId]);
        const totals = productTotals(mine);
        const present = new Set(mine.map((l) => l.commodity_id));
        const notices: CartNotice[] = [];
        for (const line of incoming) {
          const base = {
            commodity_id: line.commodity_id,
            product_name: line.name,
            wanted: line.quantity,
            limit: line.purchase_limit,
          };
          if (!present.has(line.commodity_id) && present.size >= CART_MAX_LINES) {
            notices.push({ ...base, kind: 'full', kept: 0, limit: CART_MAX_LINES });
            continue;
          }
          const room = Math.max(0, line.purchase_limit - (totals.get(line.product_id) ?? 0));
          const kept = Math.min(line.quantity, room);
          if (kept < line.quantity) notices.push({ ...base, kind: 'limit', kept });
          if (kept === 0) continue;
          await tx.query(
            `INSERT INTO cart_items (cart_id, commodity_id, quantity, checked, added_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (cart_id, commodity_id) DO UPDATE
               SET quantity = cart_items.quantity + EXCLUDED.quantity,
                 checked = cart_items.checked OR EXCLUDED.checked`,
            [userCartId, line.commodity_id, kept, line.checked, line.added_at],
          );
          totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + kept);
          present.add(line.commodity_id);
        }
        // A plan chosen on a visitor's device line goes with the line (device insurance covers every unit of it).
        await tx.query(
          `INSERT INTO cart_insurance (cart_id, commodity_id)
           SELECT $1, x.commodity_id FROM cart_insurance x
           JOIN cart_items ci ON ci.cart_id = $1 AND ci.commodity_id = x.commodity_id
           WHERE x.cart_id = $2
           ON CONFLICT DO NOTHING`,
          [userCartId, visitorCartId],
        );
        await tx.query(`DELETE FROM carts WHERE id = $1`, [visitorCartId]);
        if (notices.length > 0) {
          await tx.query(`UPDATE carts SET notices = notices || $2::jsonb WHERE id = $1`, [
            userCartId,
            JSON.stringify(notices),
          ]);
        }
        return notices;
      });
    },

    /** The shopper has read the notices. */
    async dismissNotices(cartId: string): Promise<void> {
      await db.query(`UPDATE carts SET notices = '[]' WHERE id = $1`, [cartId]);
    },

    /** Visitor carts untouched for 60 days are dropped (a visitor cart lives only as long as its cookie). */
    async prune(): Promise<void> {
      await db.query(`DELETE FROM carts WHERE user_id IS NULL AND updated_at < now() - interval '60 days'`);
    },
  };
}
export type CartRepository = ReturnType<typeof cartRepository>;

/** Cookie values are untrusted: only a well-formed uuid reaches SQL as a uuid. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
