import type { StudentVerificationRow } from '../repositories/students';
import type { UploadMeta } from '../repositories/aftersales';
import type { StudentOfferView, StudentVerificationView } from '../schemas/students';
import { currencyExponent } from '../../region-config/money';
import type { Semester } from './semesters';
import type { StudentCouponTerms } from './offer';

const at = (d: Date | null) => (d ? new Date(d).getTime() : null);

/** A verification as its holder and staff see it (times in ms since epoch). */
export function verificationView(v: StudentVerificationRow): StudentVerificationView {
  return {
    id: v.id,
    status: v.status,
    method: v.method,
    local: v.local,
    school_email: v.school_email,
    school_name: v.school_name,
    valid_until: at(v.valid_until),
    verified_at: at(v.verified_at),
    reject_reason: v.reject_reason,
    link_expires_at: v.state === 'awaiting_link' ? at(v.token_expires_at) : null,
    created_at: at(v.created_at)!,
  };
}

/** A document of a verification (its bytes at GET aftersales/upload/:id, for its owner and staff). */
export const documentView = (u: UploadMeta) => ({
  id: u.id,
  file_name: u.file_name,
  content_type: u.content_type,
  size: u.size,
});

/** The semester's offer with where the shopper stands with its coupon. */
export function offerView(
  terms: StudentCouponTerms,
  semester: Semester,
  couponId: string,
  state: StudentOfferView['state'],
  userCouponId: string | null,
): StudentOfferView {
  return {
    coupon_id: couponId,
    semester: semester.name,
    year: semester.year,
    starts_at: semester.startsAt.getTime(),
    ends_at: semester.endsAt.getTime(),
    percent: terms.percent,
    cap: terms.capMinor,
    max_unit_price: terms.maxUnitPriceMinor,
    currency: terms.currency,
    exponent: currencyExponent(terms.currency),
    state,
    user_coupon_id: userCouponId,
  };
}
