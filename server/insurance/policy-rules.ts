/**
 * The rules of a policy, as pure functions of its row and the clock: where it stands, whether a claim may be made
 * (the cover period, at most `claims_per_year` claims in a rolling year) and until when the plan alone may be
 * withdrawn for its refund (the withdrawal period). The claim and withdrawal steps check these under the policy's
 * lock; the views show the same answers.
 */
import type { PolicyRow } from '../repositories/insurance';
import type { PolicyState } from '../schemas/insurance';

const DAY_MS = 86_400_000;

/** Where a policy stands at `now`. */
export function policyState(p: PolicyRow, now: number): PolicyState {
  if (p.end_reason) return p.end_reason;
  if (p.order_state === 'cancelled') return 'cancelled';
  if (p.order_state === 'unpaid' || p.order_state === 'in_review') return 'awaiting_payment';
  if (!p.starts_at || !p.ends_at) return 'awaiting_delivery';
  return now >= new Date(p.ends_at).getTime() ? 'expired' : 'active';
}

/** Why a claim on this policy is refused now, or null when one may be made. */
export function claimRefusal(p: PolicyRow, now: number): 'not_covered' | 'claims_used' | null {
  if (policyState(p, now) !== 'active') return 'not_covered';
  return p.claims_in_year >= p.claims_per_year ? 'claims_used' : null;
}

/** How far a calendar day runs ahead of or behind UTC somewhere (UTC+14 to UTC-12). */
const ZONE_SLACK_MS = 14 * 3_600_000;

/**
 * Whether the damage of a claim happened within the cover, on or before today (`day` is YYYY-MM-DD as the shopper's
 * calendar shows it, so a day is taken in whichever time zone makes it closest). The day of delivery counts whole:
 * the damage may have come hours before the parcel was marked delivered.
 */
export function incidentCovered(p: PolicyRow, day: string, now: number): boolean {
  if (!p.starts_at || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at)) return false;
  const start = new Date(p.starts_at).getTime() - ZONE_SLACK_MS;
  return at >= start - (start % DAY_MS) && at <= now + ZONE_SLACK_MS;
}

/**
 * The last moment the plan alone may be withdrawn: `withdrawal_days` after its cover started; null before delivery
 * (any time until then).
 */
export function withdrawUntil(p: PolicyRow): number | null {
  return p.starts_at ? new Date(p.starts_at).getTime() + p.withdrawal_days * DAY_MS : null;
}

/** Why the plan alone cannot be withdrawn now, or null when it can (paid, not yet ended, no claim, in the period). */
export function withdrawRefusal(p: PolicyRow, now: number): 'not_withdrawable' | 'period_over' | 'claimed' | null {
  const state = policyState(p, now);
  if (state !== 'active' && state !== 'awaiting_delivery') return 'not_withdrawable';
  if (p.paid_at === null) return 'not_withdrawable';
  if (p.claims_ever > 0) return 'claimed';
  const until = withdrawUntil(p);
  return until !== null && now > until ? 'period_over' : null;
}
