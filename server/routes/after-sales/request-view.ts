import type { RequestEvent, RequestState, ServiceRequestRow, UploadMeta } from '../../repositories/aftersales';
import type { ReturnLineRow, ReturnRow } from '../../repositories/returns';

/** The after-sales answers' views of stored rows (times as ms since the epoch). */
export const at = (d: Date | null) => (d ? new Date(d).getTime() : null);

export const requestView = (r: ServiceRequestRow) => ({
  id: r.id,
  request_no: r.request_no,
  order_id: r.order_id,
  device_id: r.device_id,
  commodity_id: r.commodity_id,
  product_id: r.product_id,
  product_name: r.product_name,
  kind: r.kind,
  imei: r.imei,
  serial: r.serial,
  model: r.model,
  purchase_date: r.purchase_date,
  description: r.description,
  state: r.state,
  feedback: r.feedback,
  created_at: at(r.created_at)!,
  updated_at: at(r.updated_at)!,
});
// Events record the request's states only (the repository writes them from its transitions).
export const eventView = (e: RequestEvent) => ({
  state: e.state as RequestState,
  note: e.note,
  by_staff: e.by_staff,
  at: at(e.created_at)!,
});
export const uploadView = (u: UploadMeta) => ({
  id: u.id,
  file_name: u.file_name,
  content_type: u.content_type,
  size: u.size,
});

/** What a return adds to its request's answer. */
export const returnView = (d: { row: ReturnRow; lines: ReturnLineRow[] }) => ({
  reason: d.row.return_reason,
  lines: d.lines.map((l) => ({ line_no: l.line_no, name: l.name, spec: l.spec, quantity: l.quantity })),
  pickup_on: d.row.pickup_on,
  pickup_by: d.row.pickup_by,
  picked_up_at: at(d.row.picked_up_at),
  assessed_at: at(d.row.assessed_at),
  refusal_reason: d.row.refusal_reason,
  ship_back_by: at(d.row.ship_back_by),
  ship_back_carrier: d.row.ship_back_carrier,
  ship_back_tracking: d.row.ship_back_tracking,
  shipped_back_at: at(d.row.shipped_back_at),
  refund_amount: d.row.refund_amount,
  currency: d.row.currency,
  refunded_at: at(d.row.refunded_at),
});
