import type { ClaimRow, InsuranceLineRow, PolicyRow } from '../repositories/insurance';
import type { OrderInsuranceView, PolicyView } from '../schemas/insurance';
import { currencyExponent } from '../../region-config/money';
import { claimRefusal, policyState, withdrawRefusal, withdrawUntil } from '../insurance/policy-rules';

const time = (d: Date | null) => (d ? new Date(d).getTime() : null);

/** A policy as its owner and staff see it: where it stands on the database's clock, and what may be done with it. */
export function policyView(p: PolicyRow, claims: readonly ClaimRow[] = []): PolicyView {
  const now = p.now_ms;
  return {
    policy_id: p.id,
    order_id: p.order_id,
    url_local: p.url_local,
    line_no: p.line_no,
    unit_no: p.unit_no,
    commodity_id: p.commodity_id,
    product_name: p.product_name,
    plan_id: p.plan_id,
    imei: p.imei,
    state: policyState(p, now),
    starts_at: time(p.starts_at),
    ends_at: time(p.ends_at),
    price: p.unit_price,
    currency: p.currency,
    exponent: currencyExponent(p.currency),
    cover_months: p.cover_months,
    claims_per_year: p.claims_per_year,
    claims_in_year: p.claims_in_year,
    can_claim: claimRefusal(p, now) === null,
    withdraw_until: withdrawUntil(p),
    can_withdraw: withdrawRefusal(p, now) === null,
    refund_amount: p.refund_amount,
    claims: claims.map((c) => ({
      request_id: c.request_id,
      request_no: c.request_no,
      state: c.state,
      incident_date: c.incident_date,
      created_at: new Date(c.created_at).getTime(),
    })),
  };
}

/** The insurance of an order for its detail page, or null when it bought none. */
export function orderInsuranceView(
  lines: readonly InsuranceLineRow[],
  policies: readonly PolicyRow[],
  claims: ReadonlyMap<string, ClaimRow[]>,
): OrderInsuranceView | null {
  if (lines.length === 0) return null;
  return {
    lines: lines.map((l) => ({
      line_no: l.line_no,
      plan_id: l.plan_id,
      quantity: l.quantity,
      unit_price: l.unit_price,
      subtotal: l.subtotal,
    })),
    policies: policies.map((p) => policyView(p, claims.get(p.id) ?? [])),
  };
}
