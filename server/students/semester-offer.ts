import type { CouponsRepository, GatedCampaign } from '../repositories/coupons';
import type { StudentOfferView } from '../schemas/students';
import { storefronts } from '../../region-config/storefronts';
import { translate } from '../i18n';
import { countrySemester, studentCampaignId, studentCouponTerms } from './offer';
import { offerView } from './views';
import { STUDENT_COUPON_CATEGORIES, STUDENT_COUPON_STOCK } from './rules';
import type { Semester } from './semesters';
import type { StudentCouponTerms } from './offer';

/** The semester's coupon campaign of a country: a percentage off one device, claimable by verified students only. */
export function semesterCampaign(terms: StudentCouponTerms, semester: Semester): GatedCampaign {
  const id = studentCampaignId(terms.local, semester);
  // The title is stored once per campaign, in the country's first language (as the CMS's coupons are).
  const storefront = storefronts.find((s) => s.local === terms.local);
  return {
    id,
    code: id.toUpperCase(),
    local: terms.local,
    gate: 'student',
    title: translate(storefront ?? { lang: 'en' }, `student.coupon.title.${semester.name}`, {
      year: String(semester.year),
    }),
    currency: terms.currency,
    percent: terms.percent,
    cap: terms.capMinor,
    maxUnitPrice: terms.maxUnitPriceMinor,
    categories: STUDENT_COUPON_CATEGORIES,
    startsAt: semester.startsAt,
    endsAt: semester.endsAt,
    totalStock: STUDENT_COUPON_STOCK,
  };
}

/**
 * This semester's student offer of a country for a shopper, or null where the country has none: locked without a
 * valid status there, else available until claimed, then claimed or used.
 */
export async function semesterOffer(
  coupons: CouponsRepository,
  local: string,
  userId: number,
  now: Date,
  verifiedHere: boolean,
): Promise<StudentOfferView | null> {
  const terms = studentCouponTerms(local);
  if (!terms) return null;
  const semester = countrySemester(local, now);
  const id = studentCampaignId(local, semester);
  const held = await coupons.heldOf(userId, id);
  const state = held ? held.state : verifiedHere ? 'available' : 'locked';
  return offerView(terms, semester, id, state, held?.user_coupon_id ?? null);
}
