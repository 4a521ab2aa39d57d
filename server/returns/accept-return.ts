import type { Database } from '../db/types';
import { orderStepIn } from '../orders/order-steps';
import { refundOrderIn, type RefundRepos } from '../orders/refund-order';
import { moveStock } from '../stock/move-stock';
import { moveReturnIn, orderReturnTotalsIn, returnLinesIn } from '../repositories/returns';
import { returnRefund } from './return-amount';
import { releaseReturnedUnitsIn } from '../repositories/devices';
import { onReturn, type StaffStepResult } from './staff-steps';
import { endReturnedPlansIn, returnedPlansIn } from '../insurance/returned-plans';

/**
 * Staff accept a return after assessing the goods: the lines' share of what was paid is refunded through
 * refundOrderIn (the whole rest, shipping included, when this return brings the last units of the order back), the
 * units go back on the shelf (stock ledger reason `return`), and the order's timeline gets `return_accepted` and
 * `returned`. All in one transaction holding the request's row, so a second accept finds it completed and refunds
 * nothing.
 */
export function acceptReturn(db: Database, repos: RefundRepos, id: string, staffId: number): Promise<StaffStepResult> {
  return onReturn(db, id, 'assess', async (tx, row, order) => {
    const lines = await returnLinesIn(tx, row.id);
    const totals = await orderReturnTotalsIn(tx, order.id, row.id);
    // The device insurance of returned units goes back with them: the order's lock first, as its refunds take it.
    await repos.orders.lockPaidIn(tx, order.id);
    const plans = await returnedPlansIn(tx, order.id, lines);
    const amount = returnRefund(
      {
        total: order.total,
        itemsTotal: order.items_total,
        discount: order.discount,
        shippingFee: order.shipping_fee,
        taxAdded: !order.tax_inclusive && !order.vat_exempt,
      },
      [...lines.map((l) => ({ subtotal: l.subtotal, quantity: l.line_quantity, units: l.quantity })), ...plans.units],
      { whole: totals.returnedUnits >= totals.orderedUnits, refundedBefore: totals.refunded },
    );
    const actor = `staff:${staffId}` as const;
    let refunded = 0;
    if (amount > 0) {
      const refund = await refundOrderIn(tx, repos, {
        orderId: order.id,
        amount,
        currency: order.currency,
        reason: 'return',
        actor,
        returnId: row.id,
      });
      // Another refund (a cancellation, staff) left less than the share: the return refunds what remains.
      const retry =
        !refund.ok && refund.reason === 'over_refundable' && refund.refundable > 0
          ? await refundOrderIn(tx, repos, {
              orderId: order.id,
              amount: refund.refundable,
              currency: order.currency,
              reason: 'return',
              actor,
              returnId: row.id,
            })
          : refund;
      if (!retry.ok && retry.reason !== 'nothing_left' && retry.reason !== 'over_refundable')
        return { ok: false, reason: 'refund', detail: { refund: retry.reason } };
      refunded = retry.refunded;
    }
    for (const line of lines)
      await moveStock(tx, {
        commodityId: line.commodity_id,
        local: order.local,
        delta: line.quantity,
        reason: 'return',
        orderId: order.id,
        reference: row.request_no,
        actorId: staffId,
      });
    await endReturnedPlansIn(tx, order, plans);
    await moveReturnIn(tx, row.id, 'completed', { assessedBy: staffId, refundAmount: refunded }, '');
    // Units back on the shelf are no longer the buyer's devices.
    await releaseReturnedUnitsIn(tx, order.id);
    const detail = {
      request_no: row.request_no,
      lines: lines.map((l) => ({ line_no: l.line_no, quantity: l.quantity })),
    };
    await orderStepIn(tx, order, 'return_accepted', { actor, amount: refunded, detail });
    await orderStepIn(tx, order, 'returned', { actor, amount: refunded, detail });
    return { ok: true, state: 'completed', refundAmount: refunded };
  });
}
