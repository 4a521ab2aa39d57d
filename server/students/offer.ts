import { getSiteConfig } from '../../sites/site-config';
import { converted } from '../../sites/commerce';
import { studentOfferFor } from '../../sites/student-offers';
import { regionSettings } from '../../region-config';
import { toMinor } from '../../region-config/money';
import { semesterAt, type Semester } from './semesters';

/** The semester's student coupon of a country in its currency's minor units. */
export interface StudentCouponTerms {
  local: string;
  currency: string;
  percent: number;
  capMinor: number;
  /** Only a device priced at most this; null: any price. */
  maxUnitPriceMinor: number | null;
}

/**
 * The student coupon of a country (sites/student-offers.json), or null where the storefront sells nothing (no prices,
 * no checkout, so no offer). A cap in the country's own units wins over the one in euros.
 */
export function studentCouponTerms(local: string): StudentCouponTerms | null {
  const config = getSiteConfig(local);
  if (!config.isToC) return null;
  const currency = config.priceDisplay.currency;
  const { coupon } = studentOfferFor(local);
  return {
    local,
    currency,
    percent: coupon.percent,
    capMinor: coupon.cap !== undefined ? toMinor(coupon.cap, currency) : converted(coupon.capEur ?? 0, currency),
    maxUnitPriceMinor: coupon.maxUnitPrice !== undefined ? toMinor(coupon.maxUnitPrice, currency) : null,
  };
}

/** The semester of a country at an instant, in the country's time zone. */
export function countrySemester(local: string, instant: Date): Semester {
  const zone = regionSettings.find((r) => r.local === local)?.dayjsTimezone ?? 'UTC';
  return semesterAt(instant, studentOfferFor(local).semesters, zone);
}

/** The coupon campaign of a country's semester: one id per country and semester, so each is created once. */
export function studentCampaignId(local: string, semester: Pick<Semester, 'name' | 'year'>): string {
  return `student-${local}-${semester.year}-${semester.name}`;
}
