import { dayIn, type WarrantyBasis } from './warranty';

/** What a vouched-for row of a number tells of the unit's warranty (repositories/devices.ts DeviceRow). */
export interface VouchedRow {
  local: string;
  model: string;
  imei: string | null;
  serial: string | null;
  source: 'shipment' | 'registration';
  purchase_date: string | null;
  delivered_at: Date | null;
  warranty_months: number;
  refurbished: boolean;
  created_at: Date;
}

/** The warranty of one unit and where it stands, with the model it was sold as. */
export interface UnitWarranty extends WarrantyBasis {
  local: string;
  model: string;
  refurbished: boolean;
}

/** Whether a row names one of the numbers. */
export const namesAny = (row: Pick<VouchedRow, 'imei' | 'serial'>, numbers: readonly (string | null)[]) =>
  numbers.some((n) => n !== null && (row.imei === n || row.serial === n));

/**
 * The warranty of a unit from the rows vouching for its numbers. A sale by the store decides it (the latest, since a
 * unit sold again after a return starts anew: a refurbished unit gets its own), counted from the delivery; without
 * one, the earliest purchase staff verified on a proof (a resale between people moves the unit, not its warranty).
 */
export function unitWarranty(rows: readonly VouchedRow[]): UnitWarranty | null {
  const sold = rows.filter((r) => r.source === 'shipment');
  const last = sold.reduce<VouchedRow | null>((a, r) => (!a || r.created_at > a.created_at ? r : a), null);
  if (last) {
    const start = last.delivered_at ? dayIn(last.local, last.delivered_at) : null;
    return { start, months: last.warranty_months, local: last.local, model: last.model, refurbished: last.refurbished };
  }
  const proved = rows
    .filter((r) => r.source === 'registration' && r.purchase_date)
    .sort((a, b) => a.purchase_date!.localeCompare(b.purchase_date!))[0];
  if (!proved) return null;
  return {
    start: proved.purchase_date,
    months: proved.warranty_months,
    local: proved.local,
    model: proved.model,
    refurbished: proved.refurbished,
  };
}
