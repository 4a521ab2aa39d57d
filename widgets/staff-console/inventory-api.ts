import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type {
  InventoryChangeView,
  InventoryListView,
  InventoryOfferView,
  StockMovementView,
} from '../../server/schemas/inventory';

/** Why stock moved, a ledger row and an offer with its latest moves (server/schemas/inventory.ts), camel-cased. */
export { STOCK_REASONS, type StockReason } from '../../server/schemas/inventory';
export type StockMovement = Camelized<StockMovementView>;
export type InventoryOffer = Camelized<InventoryOfferView>;

/** The staff calls of server/routes/operations/inventory.ts (each refuses non-staff: 40302, or 20001 signed out). */
export function inventoryApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  return {
    list: (filter: { local: string; q: string }) =>
      request<Camelized<InventoryListView>>(url('/staff/inventory'), {
        params: { local: filter.local, q: filter.q || undefined },
      }).then((r) => r.offers),
    /** Sets a counted value, or moves by a delta; both name the stock the operator saw. */
    change: (
      offer: InventoryOffer,
      change: { kind: 'set'; stock: number; note: string } | { kind: 'adjust'; delta: number; note: string },
    ) =>
      request<Camelized<InventoryChangeView>>(url(`/staff/inventory/${change.kind}`), {
        json: true,
        body: {
          local: offer.local,
          commodity_id: offer.commodityId,
          expected_stock: offer.stock,
          note: change.note,
          ...(change.kind === 'set' ? { stock: change.stock } : { delta: change.delta }),
        },
      }).then((r) => r.offer),
  };
}
export type InventoryApi = ReturnType<typeof inventoryApi>;
