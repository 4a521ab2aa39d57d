import { cancelOrderIn } from '../../orders/cancel-order';
import type { PlacementStep } from '../placement';

/**
 * One unpaid order per buyer. One past its payment window no longer blocks: it is cancelled here rather than waiting
 * for the sweep; one whose payment is still with its provider waits for the reconciliation like any other.
 */
export const unpaidOrder: PlacementStep = {
  name: 'unpaidOrder',
  async run(p) {
    const unpaid = await p.repos.orders.unpaidForUpdateIn(p.tx, p.input.userId);
    if (unpaid && !(unpaid.due && (await cancelOrderIn(p.tx, p.repos, unpaid.id, 'payment_window')) === 'cancelled')) {
      return { ok: false, reason: 'unpaid_exists', orderId: unpaid.id };
    }
  },
};
