import type { ReturnRules } from '../../sites/returns';
import type { ReturnableLineRow } from '../repositories/returns';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment a return of a line can be asked for: its delivery plus the country's window (the refurbished
 * phones' cooling-off for those); null while nothing of it has arrived.
 */
export function returnDeadline(line: Pick<ReturnableLineRow, 'delivered_at' | 'refurbished'>, rules: ReturnRules) {
  if (!line.delivered_at) return null;
  const days = line.refurbished ? rules.refurbishedWindowDays : rules.windowDays;
  return new Date(new Date(line.delivered_at).getTime() + days * DAY_MS);
}

/** Units of a line that can still be sent back now: delivered, not claimed by another return, within the window. */
export function returnableUnits(line: ReturnableLineRow, rules: ReturnRules, now: Date): number {
  const deadline = returnDeadline(line, rules);
  if (!deadline || now.getTime() > deadline.getTime()) return 0;
  return Math.max(0, line.delivered - line.claimed);
}
