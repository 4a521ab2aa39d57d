import type { DeviceRow, DeviceServiceRow, PendingDevice } from '../../repositories/devices';
import type { DeviceView, StaffDeviceView } from '../../schemas/devices';
import type { RequestKind, RequestState } from '../../schemas/after-sales';
import { dayIn, warrantyOn } from '../../devices/warranty';
import { namesAny, unitWarranty, type VouchedRow } from '../../devices/warranty-basis';
import type { PolicyRow } from '../../repositories/insurance';
import { claimRefusal, policyState } from '../../insurance/policy-rules';

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);

/**
 * The protection plan on a unit: the newest policy of the owner naming its IMEI (a unit bought twice has the latest
 * sale's plan).
 */
function protectionOf(d: DeviceRow, policies: readonly PolicyRow[], now: number): DeviceView['protection'] {
  const policy = d.imei && d.verification === 'verified' ? policies.find((p) => p.imei === d.imei) : undefined;
  if (!policy) return null;
  return {
    policy_id: policy.id,
    state: policyState(policy, now),
    starts_at: ms(policy.starts_at),
    ends_at: ms(policy.ends_at),
    can_claim: claimRefusal(policy, now) === null,
  };
}

/**
 * A device as its owner sees it: the warranty on today's date in its country, its protection plan (`policies`: the
 * owner's policies on these units, newest first) and its service requests.
 */
export function deviceView(
  d: DeviceRow,
  vouched: readonly VouchedRow[],
  service: readonly DeviceServiceRow[],
  now: number,
  policies: readonly PolicyRow[],
): DeviceView {
  const numbers = [d.imei, d.serial];
  const basis = d.verification === 'verified' ? unitWarranty(vouched.filter((r) => namesAny(r, numbers))) : null;
  const standing = basis ? warrantyOn(basis, dayIn(basis.local, now)) : null;
  return {
    id: d.id,
    product_id: d.product_id,
    model: d.model,
    spec: d.spec,
    imei: d.imei,
    serial: d.serial,
    source: d.source,
    storefront: d.url_local,
    country: d.local,
    order_id: d.order_id,
    verification: d.verification,
    rejection_reason: d.rejection_reason,
    purchase_date: d.purchase_date,
    delivered_on: d.delivered_at ? dayIn(d.local, d.delivered_at) : null,
    warranty:
      basis && standing
        ? { status: standing.status, until: standing.until, months: basis.months, refurbished: basis.refurbished }
        : null,
    protection: protectionOf(d, policies, now),
    service: service
      .filter((r) => r.device_id === d.id || namesAny(r, numbers))
      .map((r) => ({
        id: r.id,
        request_no: r.request_no,
        kind: r.kind as RequestKind,
        state: r.state as RequestState,
        created_at: ms(r.created_at)!,
      })),
    created_at: ms(d.created_at)!,
  };
}

/** A device as staff see it: the owner's view, the owner's address and the proof's files. */
export function staffDeviceView(d: PendingDevice, vouched: readonly VouchedRow[], now: number): StaffDeviceView {
  return {
    // Staff verify registrations of units bought elsewhere: no plan of this store to show.
    device: deviceView(d, vouched, [], now, []),
    user_id: d.user_id,
    email: d.email,
    uploads: d.uploads,
    ended_at: ms(d.ended_at),
    ended_reason: d.ended_reason,
  };
}
