import type { PlacementStep } from '../placement';

/**
 * Serialises the buyer's placements (the unpaid-order rule and the idempotency key are then checked without races)
 * and answers a retry with the order its first request placed.
 */
export const lockBuyer: PlacementStep = {
  name: 'lockBuyer',
  async run(p) {
    await p.repos.orders.lockPlacementsIn(p.tx, p.input.userId);
    const replay = await p.repos.orders.byKey(p.tx, p.input.userId, p.input.idempotencyKey);
    if (replay) return { ok: true, order: replay, replayed: true };
  },
};
