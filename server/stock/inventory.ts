import type { FromSchema } from 'json-schema-to-ts';
import type { Queryable } from '../db/types';
import type { inventoryOfferSchema } from '../schemas/inventory';
import { likeEscape } from '../repositories/catalogue';
import { loadSql } from '../repositories/load-sql';
import { moveStock } from './move-stock';

const LIST_SQL = loadSql('inventory-list');
/** Movements shown with each offer. */
const RECENT_MOVEMENTS = 8;

/** An offer as operators see it (the schema is the definition). */
export type InventoryOffer = FromSchema<typeof inventoryOfferSchema>;

/** What an operator asks: set the stock to a counted value, or move it by a delta; both from the stock they saw. */
export type StockChange =
  | { kind: 'set'; local: string; commodityId: string; expected: number; stock: number; note: string; actorId: number }
  | {
      kind: 'adjust';
      local: string;
      commodityId: string;
      expected: number;
      delta: number;
      note: string;
      actorId: number;
    };

export type StockChangeResult =
  | { ok: true; offer: InventoryOffer }
  | { ok: false; reason: 'not_found' }
  /** The stock is not what the operator saw: `offer` is what it is now. */
  | { ok: false; reason: 'changed'; offer: InventoryOffer }
  | { ok: false; reason: 'negative'; offer: InventoryOffer };

/**
 * The inventory: operators' view of live stock with its ledger, and their changes. A change names the stock the
 * operator saw, and moves only if it is still that (move_stock decides in one conditional statement), so two
 * operators never overwrite each other and a sale in between is never undone.
 */
export function inventoryRepository(db: Queryable) {
  async function list(filter: {
    local: string;
    productId?: string | undefined;
    q?: string | undefined;
    commodityId?: string | undefined;
    limit: number;
  }): Promise<InventoryOffer[]> {
    const q = filter.q?.trim() ? likeEscape(filter.q.trim()) : null;
    const rows = await db.query<InventoryOffer>(LIST_SQL, [
      filter.local,
      filter.productId ?? null,
      q,
      filter.limit,
      RECENT_MOVEMENTS,
      filter.commodityId ?? null,
    ]);
    return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
  }
  const one = async (local: string, commodityId: string) => (await list({ local, commodityId, limit: 1 }))[0] ?? null;

  return {
    list,
    one,

    async change(change: StockChange): Promise<StockChangeResult> {
      const delta = change.kind === 'set' ? change.stock - change.expected : change.delta;
      const after = await moveStock(db, {
        commodityId: change.commodityId,
        local: change.local,
        delta,
        reason: change.kind === 'set' ? 'set' : 'adjustment',
        actorId: change.actorId,
        note: change.note,
        expected: change.expected,
      });
      const now = await one(change.local, change.commodityId);
      if (!now) return { ok: false, reason: 'not_found' };
      if (after !== null) return { ok: true, offer: now };
      // Refused: read again, so the answer is about the stock as it is now.
      if (now.stock !== change.expected) return { ok: false, reason: 'changed', offer: now };
      return { ok: false, reason: 'negative', offer: now };
    },

    /** Live stock of a product's commodities in a country, for the product page (its HTML is built, not live). */
    async liveStock(
      local: string,
      productId: string,
    ): Promise<{ commodity_id: string; stock: number; on_sale: boolean }[]> {
      const rows = await db.query<{ commodity_id: string; stock: number; on_sale: boolean }>(
        `SELECT o.commodity_id, o.stock, o.on_sale FROM offers o JOIN commodities c ON c.commodity_id = o.commodity_id
         WHERE c.product_id = $1 AND o.local = $2 ORDER BY c.position`,
        [productId, local],
      );
      return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
    },
  };
}
export type InventoryRepository = ReturnType<typeof inventoryRepository>;
