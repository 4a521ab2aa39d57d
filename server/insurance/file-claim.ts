import type { Database } from '../db/types';
import { ApplyRollback, applyIn, type ApplyResult, type ServiceRequestRow } from '../repositories/aftersales';
import { insertClaimIn, policyForUpdateIn, type PolicyRow } from '../repositories/insurance';
import { claimRefusal, incidentCovered } from './policy-rules';

export interface ClaimInput {
  userId: number;
  local: string;
  urlLocal: string;
  policyId: string;
  /** The insured unit's IMEI (15 digits), as checked by the caller. */
  imei: string;
  /** The day of the damage, YYYY-MM-DD. */
  incidentDate: string;
  description: string;
  uploadIds: readonly string[];
  /** The shopper's message, once the request number is known. */
  message: (row: ServiceRequestRow) => { title: string; body: string };
}

export type ClaimResult =
  | { ok: true; request: ServiceRequestRow; policy: PolicyRow }
  | { ok: false; reason: 'not_found' | 'not_covered' | 'incident_date' | 'imei'; policy?: PolicyRow }
  | { ok: false; reason: 'claims_used'; policy: PolicyRow }
  | { ok: false; reason: Exclude<Extract<ApplyResult, { ok: false }>['reason'], 'already_open'> };

/**
 * A claim on a policy: an after-sales request of kind `claim` for its device, made in one transaction that holds
 * the policy's row lock. The cover period and the claims of the rolling year are checked under that lock, so however
 * many claims arrive at once, no more than the plan's claims a year are written. The first claim pins the policy's
 * IMEI when its shipment did not name it.
 */
export async function fileClaim(db: Database, input: ClaimInput): Promise<ClaimResult> {
  try {
    return await db.transaction(async (tx): Promise<ClaimResult> => {
      const policy = await policyForUpdateIn(tx, input.policyId);
      if (!policy || policy.user_id !== input.userId || policy.local !== input.local)
        return { ok: false, reason: 'not_found' };
      const refusal = claimRefusal(policy, policy.now_ms);
      if (refusal === 'claims_used') return { ok: false, reason: refusal, policy };
      if (refusal) return { ok: false, reason: refusal, policy };
      if (!incidentCovered(policy, input.incidentDate, policy.now_ms))
        return { ok: false, reason: 'incident_date', policy };
      if (policy.imei && policy.imei !== input.imei) return { ok: false, reason: 'imei', policy };
      const applied = await applyIn(tx, {
        userId: input.userId,
        local: input.local,
        urlLocal: input.urlLocal,
        orderId: policy.order_id,
        commodityId: policy.commodity_id,
        kind: 'claim',
        imei: input.imei,
        serial: null,
        // A claim is made on the insured order line; the policy holds the unit's IMEI.
        deviceId: null,
        model: policy.product_name,
        purchaseDate: new Date(policy.paid_at ?? policy.starts_at!).toISOString().slice(0, 10),
        description: input.description,
        uploadIds: input.uploadIds,
        message: input.message,
      });
      // Refusals after a write roll back by throwing; these come before any.
      if (!applied.ok) throw new ApplyRollback(applied);
      await insertClaimIn(tx, {
        requestId: applied.request.id,
        policyId: policy.id,
        incidentDate: input.incidentDate,
        imei: input.imei,
      });
      return { ok: true, request: applied.request, policy };
    });
  } catch (err) {
    if (err instanceof ApplyRollback && !err.result.ok && err.result.reason !== 'already_open')
      return { ok: false, reason: err.result.reason };
    throw err;
  }
}
