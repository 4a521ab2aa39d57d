import type { Database, Queryable } from '../db/types';
import { returnRulesFor } from '../../sites/returns';
import { orderStepIn } from '../orders/order-steps';
import {
  moveReturnIn,
  pickupDayAllowedIn,
  returnIn,
  returnOrderIn,
  type ReturnOrderRow,
  type ReturnRow,
} from '../repositories/returns';
import type { RequestState } from '../schemas/after-sales';

/** What a staff step on a return answers: done (with the refund made), or why not. */
export type StaffStepResult =
  | { ok: true; state: RequestState; refundAmount: number | null }
  | { ok: false; reason: 'not_found' | 'state' | 'pickup_date' | 'refund'; detail?: Record<string, unknown> };

/** The states each staff step of a return starts from. */
export const RETURN_STEP_FROM = {
  schedulePickup: ['submitted', 'pickup_scheduled'],
  recordPickup: ['pickup_scheduled'],
  assess: ['received'],
  shipBack: ['refused'],
} as const satisfies Record<string, readonly RequestState[]>;
export type ReturnStep = keyof typeof RETURN_STEP_FROM;

/** The staff steps a return in `state` allows (the console shows these buttons; the routes check the same). */
export const returnStepsFrom = (state: RequestState): ReturnStep[] =>
  (Object.keys(RETURN_STEP_FROM) as ReturnStep[]).filter((step) =>
    (RETURN_STEP_FROM[step] as readonly RequestState[]).includes(state),
  );

/**
 * Runs one staff step on a return in a transaction holding the request's row: parallel clicks queue, and the second
 * finds the state already moved (so accepting twice refunds once).
 */
export async function onReturn(
  db: Database,
  id: string,
  step: ReturnStep,
  run: (tx: Queryable, row: ReturnRow, order: ReturnOrderRow) => Promise<StaffStepResult>,
): Promise<StaffStepResult> {
  return db.transaction(async (tx) => {
    const row = await returnIn(tx, id, true);
    if (!row) return { ok: false, reason: 'not_found' };
    if (!(RETURN_STEP_FROM[step] as readonly RequestState[]).includes(row.state)) return { ok: false, reason: 'state' };
    const order = (await returnOrderIn(tx, row.order_id, null))!;
    return run(tx, row, order);
  });
}

/** Staff schedule (or move) the pick-up to a day between today and the pick-up promise. */
export function schedulePickup(db: Database, id: string, day: string, staffId: number) {
  return onReturn(db, id, 'schedulePickup', async (tx, row) => {
    if (!(await pickupDayAllowedIn(tx, row.id, day)))
      return { ok: false, reason: 'pickup_date', detail: { pickup_by: row.pickup_by } };
    await moveReturnIn(tx, row.id, 'pickup_scheduled', { pickupOn: day }, `pickup ${day} by staff:${staffId}`);
    return { ok: true, state: 'pickup_scheduled', refundAmount: null };
  });
}

/** The courier collected the goods: the store has them (state received) and the order's timeline says so. */
export function recordPickup(db: Database, id: string, staffId: number) {
  return onReturn(db, id, 'recordPickup', async (tx, row, order) => {
    await moveReturnIn(tx, row.id, 'received', { pickedUp: true }, '');
    await orderStepIn(tx, order, 'return_picked_up', {
      actor: `staff:${staffId}`,
      detail: { request_no: row.request_no },
    });
    return { ok: true, state: 'received', refundAmount: null };
  });
}

/**
 * Staff refuse a return after assessing the goods, with a reason: the goods ship back to the shopper within the
 * country's ship-back promise.
 */
export function refuseReturn(db: Database, id: string, reason: string, staffId: number) {
  return onReturn(db, id, 'assess', async (tx, row, order) => {
    const days = returnRulesFor(order.local).shipBackWithinDays;
    await moveReturnIn(
      tx,
      row.id,
      'refused',
      { assessedBy: staffId, refusalReason: reason, shipBackWithinDays: days },
      reason,
    );
    const moved = (await returnIn(tx, row.id, false))!;
    await orderStepIn(tx, order, 'return_refused', {
      actor: `staff:${staffId}`,
      detail: { request_no: row.request_no, reason, ship_back_by: moved.ship_back_by },
    });
    return { ok: true, state: 'refused', refundAmount: null };
  });
}

/** A refused return's goods left for the shopper, with the carrier and tracking number; the request is closed. */
export function shipBack(db: Database, id: string, carrier: string, tracking: string, staffId: number) {
  return onReturn(db, id, 'shipBack', async (tx, row) => {
    const shipped = { shipBack: { carrier, tracking } };
    await moveReturnIn(tx, row.id, 'rejected', shipped, `${carrier} ${tracking} by staff:${staffId}`);
    return { ok: true, state: 'rejected', refundAmount: null };
  });
}
