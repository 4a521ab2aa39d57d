import type { Database, Queryable } from '../db/types';
import type { OrderState } from '../schemas/order';
import type { OrderActor } from '../schemas/order-events';
import type { OrderLineRow, OrderRow, OrdersRepository } from '../repositories/orders';
import type { ShipmentRow, ShipmentsRepository } from '../repositories/shipments';
import { carrierById, carrierIn, trackingLink } from '../../region-config/carriers';
import { orderStepIn } from './order-steps';
import { startInsuranceIn } from '../insurance/cover';
import { collectCodIn } from './cod-collect';
import { orderUnitLinesIn, recordShippedUnitsIn, shipmentNumbersIn } from '../repositories/devices';
import { sameUnits, shipmentUnits, type ShippedLineInput } from '../devices/shipment-units';
import { isSerialised } from '../devices/serialised';
import { warrantyMonthsFor } from '../devices/warranty';

/**
 * Where an order may go from each state: placed in review or unpaid; paid; prepared in the warehouse; some or all of
 * its units shipped; every parcel delivered. Cancelling is the refunds' business, but this table is where it is
 * allowed: before payment, and after it only while nothing has shipped.
 *
 * Cash on delivery (orders/cod.ts) goes around `paid`: confirmed, the order moves from unpaid straight to
 * processing and ships unpaid; the delivered step records the courier's cash as its payment (orders/cod-collect.ts).
 * Its shopper cancels it before it ships, and a parcel refused at the door cancels it, with nothing to refund.
 */
export const TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  in_review: ['unpaid', 'cancelled'],
  unpaid: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['partially_shipped', 'shipped', 'cancelled'],
  partially_shipped: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Whether an order in `from` may move to `to`. */
export const canMove = (from: OrderState, to: OrderState): boolean => TRANSITIONS[from].includes(to);

/** The states a paid order may be cancelled in (and its money given back): nothing has left the warehouse yet. */
export const CANCELLABLE_PAID_STATES = (['paid', 'processing'] as const).filter((s) => canMove(s, 'cancelled'));

/** The states in which units of an order can still leave the warehouse. */
export const SHIPPABLE_STATES: readonly OrderState[] = ['paid', 'processing', 'partially_shipped'];

/** The repositories the steps after payment write to. */
export interface LifecycleRepos {
  orders: Pick<OrdersRepository, 'forUpdateIn' | 'moveStateIn' | 'linesIn'>;
  shipments: ShipmentsRepository;
}

/** Who takes a step, and the country the order must belong to (staff see only their storefront's). */
export interface StepBy {
  actor: OrderActor;
  /** Only an order of this country is found (staff); undefined for the warehouse, which ships every country. */
  local?: string;
}

/** Why a step was refused: the API turns each into its errno. */
export type StepRefusal =
  | 'not_found'
  | 'not_paid'
  | 'cancelled'
  | 'wrong_state'
  | 'carrier'
  | 'unknown_line'
  | 'over_quantity'
  | 'reference_reused'
  | 'shipment_not_found'
  | 'units';

export type StepResult<T> = { ok: true; value: T; replayed: boolean } | { ok: false; refusal: StepRefusal };

const refuse = (refusal: StepRefusal) => ({ ok: false, refusal }) as const;

/** The refusal of a step an order's state does not allow: unpaid and in-review orders are not paid yet. */
function stateRefusal(state: OrderState): StepRefusal {
  if (state === 'unpaid' || state === 'in_review') return 'not_paid';
  if (state === 'cancelled') return 'cancelled';
  return 'wrong_state';
}

async function lockedOrder(tx: Queryable, repos: LifecycleRepos, orderId: string, by: StepBy) {
  const order = await repos.orders.forUpdateIn(tx, orderId);
  return order && (by.local === undefined || order.local === by.local) ? order : null;
}

/** Moves a paid order to processing and records the step (`notice: null` when a shipment follows at once). */
async function processIn(tx: Queryable, repos: LifecycleRepos, order: OrderRow, by: StepBy, notice?: null) {
  const moved = (await repos.orders.moveStateIn(tx, order.id, ['paid'], 'processing'))!;
  await orderStepIn(tx, moved, 'processing', { actor: by.actor, ...(notice === null ? { notice } : {}) });
  return moved;
}

/**
 * The warehouse starts preparing a paid order. Once is enough: an order already in processing answers as it is
 * (`replayed`), so a retried call takes no second step.
 */
export async function startProcessing(
  db: Database,
  repos: LifecycleRepos,
  orderId: string,
  by: StepBy,
): Promise<StepResult<OrderRow>> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, repos, orderId, by);
    if (!order) return refuse('not_found');
    if (order.state === 'processing') return { ok: true, value: order, replayed: true };
    if (!canMove(order.state, 'processing')) return refuse(stateRefusal(order.state));
    return { ok: true, value: await processIn(tx, repos, order, by), replayed: false };
  });
}

/**
 * A parcel leaving the warehouse: its reference (the warehouse's id), carrier, tracking number and lines, with the
 * numbers (IMEI, serial) of each unit of a serialised product when the caller names them.
 */
export interface ShipmentInput {
  orderId: string;
  reference: string;
  carrier: string;
  trackingNumber: string;
  lines: readonly ShippedLineInput[];
}

/** Whether a stored shipment is the one described (a retried call), line for line. */
function sameShipment(s: ShipmentRow, input: ShipmentInput): boolean {
  const wanted = [...input.lines].sort((a, b) => a.lineNo - b.lineNo);
  return (
    s.carrier === input.carrier &&
    s.tracking_number === input.trackingNumber &&
    s.lines.length === wanted.length &&
    s.lines.every((l, i) => l.line_no === wanted[i]!.lineNo && l.quantity === wanted[i]!.quantity)
  );
}

/** The refusal of lines that are not the order's, are named twice, or ask for more units than are left. */
function linesRefusal(
  input: ShipmentInput,
  lines: readonly OrderLineRow[],
  shipped: ReadonlyMap<number, number>,
): StepRefusal | null {
  const seen = new Set<number>();
  for (const l of input.lines) {
    const line = lines.find((o) => o.line_no === l.lineNo);
    if (!line || seen.has(l.lineNo)) return 'unknown_line';
    seen.add(l.lineNo);
    if (l.quantity > line.quantity - (shipped.get(l.lineNo) ?? 0)) return 'over_quantity';
  }
  return input.lines.length === 0 ? 'unknown_line' : null;
}

/**
 * Ships some or all of the units still to ship, as one parcel, in one transaction holding the order's lock: the
 * order becomes shipped when every unit has left, else partially shipped. A paid order that was not yet in
 * processing goes through it on the way (recorded, without a message of its own). The same reference again with the
 * same content answers the first shipment and changes nothing; with other content it is refused.
 */
export async function shipOrder(
  db: Database,
  repos: LifecycleRepos,
  input: ShipmentInput,
  by: StepBy,
): Promise<StepResult<ShipmentRow>> {
  return db.transaction(async (tx) => {
    let order = await lockedOrder(tx, repos, input.orderId, by);
    if (!order) return refuse('not_found');
    const units = shipmentUnits(input.lines);
    const earlier = await repos.shipments.byReferenceIn(tx, order.id, input.reference);
    if (earlier) {
      const same =
        units.ok && sameShipment(earlier, input) && sameUnits(await shipmentNumbersIn(tx, earlier.id), units.byLine);
      return same ? { ok: true, value: earlier, replayed: true } : refuse('reference_reused');
    }
    if (!SHIPPABLE_STATES.includes(order.state)) return refuse(stateRefusal(order.state));
    const carrier = carrierIn(order.local, input.carrier);
    if (!carrier) return refuse('carrier');
    const lines = await repos.orders.linesIn(tx, order.id);
    const shipped = await repos.shipments.shippedUnitsIn(tx, order.id);
    const problem = linesRefusal(input, lines, shipped);
    if (problem) return refuse(problem);
    if (!units.ok) return refuse('units');
    // Numbers belong to units of serialised products only (a cable has none).
    const unitLines = units.byLine.size > 0 ? await orderUnitLinesIn(tx, order.id) : [];
    const numbered = [...units.byLine].map(([lineNo, numbers]) => ({
      line: unitLines.find((l) => l.line_no === lineNo),
      numbers,
    }));
    if (numbered.some((u) => !u.line?.category || !isSerialised(u.line.category))) return refuse('units');

    if (order.state === 'paid') order = await processIn(tx, repos, order, by, null);
    const shipment = await repos.shipments.insertIn(tx, { ...input, orderId: order.id });
    const local = order.local;
    const months = (line: (typeof unitLines)[number]) => warrantyMonthsFor(local, line.refurbished);
    await recordShippedUnitsIn(
      tx,
      order,
      shipment.id,
      numbered.flatMap(({ line, numbers }) =>
        numbers.map((n) => ({ line: line!, numbers: n, warrantyMonths: months(line!) })),
      ),
    );
    for (const l of input.lines) shipped.set(l.lineNo, (shipped.get(l.lineNo) ?? 0) + l.quantity);
    const all = lines.every((l) => (shipped.get(l.line_no) ?? 0) >= l.quantity);
    const to = all ? 'shipped' : 'partially_shipped';
    // partially_shipped → partially_shipped is a further parcel, not a move of state.
    if (order.state !== to) order = (await repos.orders.moveStateIn(tx, order.id, [order.state], to))!;
    const link = trackingLink(carrier, shipment.tracking_number);
    await orderStepIn(tx, order, 'shipped', {
      actor: by.actor,
      detail: {
        shipment_id: shipment.id,
        reference: shipment.reference,
        carrier: carrier.id,
        tracking_number: shipment.tracking_number,
        tracking_link: link,
        lines: shipment.lines,
        all_shipped: all,
      },
      parcel: { carrier: carrier.name, trackingNumber: shipment.tracking_number, link },
    });
    return { ok: true, value: shipment, replayed: false };
  });
}

/** Which shipment a delivery names: the store's id (staff) or the warehouse's reference (fulfilment API). */
export type ShipmentKey = { shipmentId: string } | { reference: string };

/**
 * A parcel arrived: the shipment is marked delivered and the step recorded; the order is delivered when every unit
 * has shipped and every parcel arrived. A second report of the same delivery answers as it is and takes no step.
 */
export async function deliverShipment(
  db: Database,
  repos: LifecycleRepos,
  orderId: string,
  key: ShipmentKey,
  by: StepBy,
): Promise<StepResult<ShipmentRow>> {
  return db.transaction(async (tx) => {
    let order = await lockedOrder(tx, repos, orderId, by);
    if (!order) return refuse('not_found');
    const shipment =
      'reference' in key
        ? await repos.shipments.byReferenceIn(tx, order.id, key.reference)
        : await repos.shipments.getIn(tx, order.id, key.shipmentId);
    if (!shipment) return refuse('shipment_not_found');
    if (shipment.delivered_at) return { ok: true, value: shipment, replayed: true };
    await repos.shipments.markDeliveredIn(tx, shipment.id);
    // Device insurance covers a unit from its delivery.
    await startInsuranceIn(tx, order);
    const whole = order.state === 'shipped' && (await repos.shipments.allDeliveredIn(tx, order.id));
    if (whole) order = (await repos.orders.moveStateIn(tx, order.id, ['shipped'], 'delivered'))!;
    const carrier = carrierById(shipment.carrier);
    await orderStepIn(tx, order, 'delivered', {
      actor: by.actor,
      detail: {
        shipment_id: shipment.id,
        reference: shipment.reference,
        carrier: shipment.carrier,
        tracking_number: shipment.tracking_number,
        order_delivered: whole,
      },
      parcel: carrier && {
        carrier: carrier.name,
        trackingNumber: shipment.tracking_number,
        link: trackingLink(carrier, shipment.tracking_number),
      },
    });
    // A cash-on-delivery order is paid now: the courier collected the cash with the last parcel.
    if (whole) await collectCodIn(tx, db, order, by.actor);
    return { ok: true, value: (await repos.shipments.getIn(tx, order.id, shipment.id))!, replayed: false };
  });
}
