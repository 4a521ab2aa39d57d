import { describe, expect, it } from 'vitest';
import type { PolicyRow } from '../repositories/insurance';
import { claimRefusal, incidentCovered, policyState, withdrawRefusal, withdrawUntil } from './policy-rules';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-10T20:00:00Z');

/** A policy delivered `ago` days before NOW (null: not delivered), with its order paid. */
function policy(ago: number | null, more: Partial<PolicyRow> = {}): PolicyRow {
  const starts = ago === null ? null : new Date(NOW - ago * DAY);
  const ends = starts ? new Date(starts.getTime() + 730 * DAY) : null;
  return {
    id: '1',
    order_id: '2',
    line_no: 1,
    unit_no: 1,
    imei: null,
    starts_at: starts,
    ends_at: ends,
    ended_at: null,
    end_reason: null,
    refund_amount: null,
    plan_id: 'accidental-damage',
    unit_price: 249_000,
    quantity: 1,
    cover_months: 24,
    claims_per_year: 2,
    withdrawal_days: 14,
    commodity_id: '10001',
    product_name: 'Phone',
    user_id: 1,
    local: 'id',
    url_local: 'id',
    currency: 'IDR',
    order_state: 'delivered',
    paid_at: new Date(NOW - 20 * DAY),
    claims_in_year: 0,
    claims_ever: 0,
    claim_again_at: null,
    now_ms: NOW,
    ...more,
  };
}

describe('policy rules', () => {
  it('reads the state from the order, the delivery, the end of cover and an early end', () => {
    expect(policyState(policy(null, { order_state: 'unpaid', paid_at: null }), NOW)).toBe('awaiting_payment');
    expect(policyState(policy(null, { order_state: 'paid' }), NOW)).toBe('awaiting_delivery');
    expect(policyState(policy(1), NOW)).toBe('active');
    expect(policyState(policy(731), NOW)).toBe('expired');
    expect(policyState(policy(1, { order_state: 'cancelled' }), NOW)).toBe('cancelled');
    expect(policyState(policy(1, { end_reason: 'withdrawn' }), NOW)).toBe('withdrawn');
    expect(policyState(policy(1, { end_reason: 'returned' }), NOW)).toBe('returned');
  });

  it('takes a claim while covered and below the claims of the year', () => {
    expect(claimRefusal(policy(1), NOW)).toBeNull();
    expect(claimRefusal(policy(1, { claims_in_year: 1 }), NOW)).toBeNull();
    expect(claimRefusal(policy(1, { claims_in_year: 2 }), NOW)).toBe('claims_used');
    expect(claimRefusal(policy(null, { order_state: 'paid' }), NOW)).toBe('not_covered');
    expect(claimRefusal(policy(800), NOW)).toBe('not_covered');
  });

  it("takes the day of the damage as the shopper's calendar shows it, within the cover", () => {
    const p = policy(3);
    // 20:00 UTC is already the next day in Jakarta (UTC+7): "today" there is covered.
    expect(incidentCovered(p, '2025-06-11', NOW)).toBe(true);
    expect(incidentCovered(p, '2025-06-10', NOW)).toBe(true);
    expect(incidentCovered(p, '2025-06-07', NOW)).toBe(true);
    expect(incidentCovered(p, '2025-06-05', NOW)).toBe(false);
    expect(incidentCovered(p, '2025-06-13', NOW)).toBe(false);
    expect(incidentCovered(p, '2025-02-30', NOW)).toBe(false);
    expect(incidentCovered(p, 'yesterday', NOW)).toBe(false);
    expect(incidentCovered(policy(null), '2025-06-10', NOW)).toBe(false);
  });

  it('withdraws the plan alone within 14 days of delivery or before it, never after a claim or unpaid', () => {
    expect(withdrawRefusal(policy(null, { order_state: 'paid' }), NOW)).toBeNull();
    expect(withdrawUntil(policy(null))).toBeNull();
    expect(withdrawRefusal(policy(13.9), NOW)).toBeNull();
    expect(withdrawUntil(policy(10))).toBe(NOW + 4 * DAY);
    expect(withdrawRefusal(policy(14.1), NOW)).toBe('period_over');
    expect(withdrawRefusal(policy(2, { claims_ever: 1 }), NOW)).toBe('claimed');
    expect(withdrawRefusal(policy(null, { order_state: 'unpaid', paid_at: null }), NOW)).toBe('not_withdrawable');
    expect(withdrawRefusal(policy(2, { end_reason: 'withdrawn' }), NOW)).toBe('not_withdrawable');
    expect(withdrawRefusal(policy(2, { order_state: 'cancelled' }), NOW)).toBe('not_withdrawable');
  });
});
