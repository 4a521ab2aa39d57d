import { moveStock } from '../../stock/move-stock';
import { Refusal, priced, written, type PlacementStep } from '../placement';

/**
 * Reserves the units once the order exists (each ledger row names its order) with one conditional movement per
 * line; a line short of stock rolls everything back. Stock rows are locked in one order (by commodity) so two
 * placements never wait on each other crosswise.
 */
export const reserveStock: PlacementStep = {
  name: 'reserveStock',
  async run(p) {
    const order = written(p);
    const lines = [...priced(p).lines].sort((a, b) => a.commodityId.localeCompare(b.commodityId));
    for (const line of lines) {
      const after = await moveStock(p.tx, {
        commodityId: line.commodityId,
        local: p.input.local,
        delta: -line.quantity,
        reason: 'sale',
        orderId: order.id,
      });
      if (after === null) throw new Refusal({ ok: false, reason: 'stock', commodityId: line.commodityId });
    }
  },
};
