import type { OrderLineRow, OrderRow } from '../repositories/orders';
import type { OrderEventRow } from '../repositories/order-events';
import type { ShipmentRow } from '../repositories/shipments';
import type { ShipmentView, TimelineStepView, ToComeView } from '../schemas/order-timeline';
import { isPaidState } from '../schemas/order';
import { carrierById, trackingLink } from '../../region-config/carriers';

const ms = (d: Date) => new Date(d).getTime();

/** A step as the shopper may see it: its kind, time and parcel; the actor and the rest of the detail stay inside. */
export function timelineStepView(e: OrderEventRow): TimelineStepView {
  const shipment = e.detail['shipment_id'];
  return { kind: e.kind, at: ms(e.created_at), shipment_id: typeof shipment === 'string' ? shipment : null };
}

/** A parcel with its carrier's name and tracking page, and the names of the lines it holds. */
export function shipmentView(s: ShipmentRow, lines: readonly Pick<OrderLineRow, 'line_no' | 'name'>[]): ShipmentView {
  const carrier = carrierById(s.carrier);
  return {
    id: s.id,
    carrier: s.carrier,
    carrier_name: carrier?.name ?? s.carrier,
    tracking_number: s.tracking_number,
    tracking_link: carrier ? trackingLink(carrier, s.tracking_number) : null,
    shipped_at: ms(s.shipped_at),
    delivered_at: s.delivered_at ? ms(s.delivered_at) : null,
    lines: s.lines.map((l) => ({
      line_no: l.line_no,
      name: lines.find((o) => o.line_no === l.line_no)?.name ?? '',
      quantity: l.quantity,
    })),
  };
}

/** Units each line still has to ship: none before payment or after a cancellation. */
export function toComeView(order: Pick<OrderRow, 'state'>, lines: readonly OrderLineRow[], shipments: ShipmentRow[]) {
  if (!isPaidState(order.state)) return [];
  const shipped = new Map<number, number>();
  for (const s of shipments)
    for (const l of s.lines) shipped.set(l.line_no, (shipped.get(l.line_no) ?? 0) + l.quantity);
  return lines
    .map(
      (l): ToComeView => ({ line_no: l.line_no, name: l.name, quantity: l.quantity - (shipped.get(l.line_no) ?? 0) }),
    )
    .filter((l) => l.quantity > 0);
}

/** The after-sale part of the shopper's order detail: its timeline, its parcels and what is still to come. */
export function afterSaleView(
  order: Pick<OrderRow, 'state'>,
  lines: readonly OrderLineRow[],
  events: readonly OrderEventRow[],
  shipments: ShipmentRow[],
) {
  return {
    timeline: events.map(timelineStepView),
    shipments: shipments.map((s) => shipmentView(s, lines)),
    to_come: toComeView(order, lines, shipments),
  };
}
