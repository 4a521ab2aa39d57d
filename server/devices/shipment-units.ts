import { checkNumbers, type DeviceNumbers } from './device-numbers';

/** A shipped line as the warehouse or staff name it: how many units, and each unit's numbers when it has them. */
export interface ShippedLineInput {
  lineNo: number;
  quantity: number;
  units?: readonly { imei?: string; serial?: string }[];
}

/** Why a shipment's units were refused (the serialised check needs the catalogue and comes later). */
export type UnitsProblem = 'count' | 'number' | 'duplicate';

/**
 * The units named in a shipment call, by order line: one entry per unit shipped (a line naming units names all of
 * them), each with a well-formed IMEI and/or serial, and no number twice in the parcel.
 */
export function shipmentUnits(
  lines: readonly ShippedLineInput[],
): { ok: true; byLine: Map<number, DeviceNumbers[]> } | { ok: false; problem: UnitsProblem } {
  const byLine = new Map<number, DeviceNumbers[]>();
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.units || line.units.length === 0) continue;
    if (line.units.length !== line.quantity) return { ok: false, problem: 'count' };
    const numbers: DeviceNumbers[] = [];
    for (const unit of line.units) {
      const checked = checkNumbers(unit.imei, unit.serial);
      if (!checked.ok) return { ok: false, problem: 'number' };
      for (const n of [checked.numbers.imei, checked.numbers.serial])
        if (n !== null) {
          if (seen.has(n)) return { ok: false, problem: 'duplicate' };
          seen.add(n);
        }
      numbers.push(checked.numbers);
    }
    byLine.set(line.lineNo, numbers);
  }
  return { ok: true, byLine };
}

/** Whether the units recorded with a shipment are the ones a retried call names (same lines, same numbers in order). */
export function sameUnits(recorded: ReadonlyMap<number, DeviceNumbers[]>, named: ReadonlyMap<number, DeviceNumbers[]>) {
  if (recorded.size !== named.size) return false;
  for (const [lineNo, units] of named) {
    const other = recorded.get(lineNo);
    if (!other || other.length !== units.length) return false;
    if (units.some((u, i) => u.imei !== other[i]!.imei || u.serial !== other[i]!.serial)) return false;
  }
  return true;
}
