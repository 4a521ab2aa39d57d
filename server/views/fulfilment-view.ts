import type { OrderEventRow } from '../repositories/order-events';
import type { ShipmentRow } from '../repositories/shipments';
import type {
  FulfilmentLineRow,
  PickOrderRow,
  StaffFulfilmentRow,
  StaffOrderListRow,
} from '../repositories/fulfilment-orders';
import type {
  FulfilmentLineView,
  FulfilmentShipmentView,
  PickOrderView,
  StaffFulfilmentAnswer,
  StaffOrderRowView,
} from '../schemas/fulfilment';
import { currencyExponent } from '../../region-config/money';
import { carriersFor } from '../../region-config/carriers';
import { shipmentView } from './order-timeline-view';

const ms = (d: Date) => new Date(d).getTime();

export function fulfilmentLineView(l: FulfilmentLineRow): FulfilmentLineView {
  return { ...l };
}

/** A shipment with the warehouse's reference (staff and the warehouse see it; shoppers do not). */
export function fulfilmentShipmentView(s: ShipmentRow, lines: readonly FulfilmentLineRow[]): FulfilmentShipmentView {
  return { ...shipmentView(s, lines), reference: s.reference };
}

export function staffOrderRowView(o: StaffOrderListRow): StaffOrderRowView {
  return {
    id: o.id,
    storefront: o.url_local,
    state: o.state,
    total: o.total,
    currency: o.currency,
    exponent: currencyExponent(o.currency),
    email: o.email,
    created_at: ms(o.created_at),
    paid_at: o.paid_at ? ms(o.paid_at) : null,
  };
}

/** One order as the staff's Orders tab opens it; staff see who took each step. */
export function staffFulfilmentView(
  o: StaffFulfilmentRow,
  lines: readonly FulfilmentLineRow[],
  shipments: readonly ShipmentRow[],
  events: readonly OrderEventRow[],
): StaffFulfilmentAnswer {
  return {
    order: staffOrderRowView(o),
    delivery_method: o.delivery_method,
    address: o.address,
    lines: lines.map(fulfilmentLineView),
    shipments: shipments.map((s) => fulfilmentShipmentView(s, lines)),
    carriers: carriersFor(o.local).map((c) => ({ id: c.id, name: c.name })),
    timeline: events.map((e) => ({ kind: e.kind, at: ms(e.created_at), actor: e.actor })),
  };
}

/** An order on the warehouse's pick list. */
export function pickOrderView(o: PickOrderRow, lines: readonly FulfilmentLineRow[]): PickOrderView {
  return {
    id: o.id,
    storefront: o.url_local,
    country: o.local,
    state: o.state,
    paid_at: ms(o.paid_at),
    delivery_method: o.delivery_method,
    address: o.address,
    lines: lines.map(fulfilmentLineView),
    carriers: carriersFor(o.local).map((c) => c.id),
    ...(o.cod_amount === null ? {} : { collect_on_delivery: { amount: o.cod_amount, currency: o.currency } }),
  };
}
