import { request } from '../request';
import { site } from '../state/site';

/** Why stock moved (server/stock/move-stock.ts), as the server names it. */
export const STOCK_REASONS = ['snapshot start', 'sale', 'cancellation', 'set', 'adjustment'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** A ledger row in the camelCase the request layer gives (times in ms). */
export interface StockMovement {
  id: string;
  delta: number;
  stockAfter: number | null;
  reason: StockReason;
  orderId: string | null;
  reference: string | null;
  /** The operator's sign-in address; null for the store's own moves. */
  actor: string | null;
  note: string | null;
  createdAt: number;
}

/** An offer as server/routes/operations/inventory.ts answers it. */
export interface InventoryOffer {
  local: string;
  commodityId: string;
  productId: string;
  name: string;
  spec: string;
  stock: number;
  onSale: boolean;
  movements: StockMovement[];
}

/** The staff calls of server/routes/operations/inventory.ts (each refuses non-staff: 40302, or 20001 signed out). */
export function inventoryApi(api: string = site.value.api) {
  const url = (path: string) => `${api}${path}`;
  return {
    list: (filter: { local: string; q: string }) =>
      request<{ offers: InventoryOffer[] }>(url('/staff/inventory'), { params: { local: filter.local, q: filter.q || undefined } }).then((r) => r.offers),
    /** Sets a counted value, or moves by a delta; both name the stock the operator saw. */
    change: (offer: InventoryOffer, change: { kind: 'set'; stock: number; note: string } | { kind: 'adjust'; delta: number; note: string }) =>
      request<{ offer: InventoryOffer }>(url(`/staff/inventory/${change.kind}`), {
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
