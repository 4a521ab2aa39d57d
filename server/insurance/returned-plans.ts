import type { Queryable } from '../db/types';
import { endPolicyIn, policiesToEndIn, type PolicyRow } from '../repositories/insurance';
import type { ReturnedUnits } from '../returns/return-amount';
import { planShare } from './withdraw-plan';

/** The plans going back with a return: their policies, and their units for the return's refund. */
export interface ReturnedPlans {
  policies: PolicyRow[];
  units: ReturnedUnits[];
}

/**
 * The plans of a return's units: per returned line, as many live policies as units go back (those without claims
 * first), locked. The caller holds the order's lock already, as every refund of the order takes it first.
 */
export async function returnedPlansIn(
  tx: Queryable,
  orderId: string,
  lines: readonly { line_no: number; quantity: number }[],
): Promise<ReturnedPlans> {
  const policies: PolicyRow[] = [];
  const units: ReturnedUnits[] = [];
  for (const line of lines) {
    const ending = await policiesToEndIn(tx, orderId, line.line_no, line.quantity);
    const first = ending[0];
    if (!first) continue;
    policies.push(...ending);
    units.push({ subtotal: first.unit_price * first.quantity, quantity: first.quantity, units: ending.length });
  }
  return { policies, units };
}

/** Ends the policies of returned units, each with its share of the refund. */
export async function endReturnedPlansIn(
  tx: Queryable,
  order: Parameters<typeof planShare>[0],
  plans: ReturnedPlans,
): Promise<void> {
  for (const policy of plans.policies) await endPolicyIn(tx, policy.id, 'returned', planShare(order, policy));
}
