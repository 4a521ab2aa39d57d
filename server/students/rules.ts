/**
 * The student programme's rules in one place (docs/rules.md, Promotions): how long a status lasts, when it may be
 * renewed, how long the mailed link works, what the semester's coupon applies to.
 */

/** A verified student status lasts 12 months from its verification (or from the end of the status it renews). */
export const STUDENT_VALIDITY_MONTHS = 12;
/** A verified status may be renewed in its last 30 days (and any time after it expired); the holder is told then. */
export const STUDENT_RENEWAL_DAYS = 30;
/** The link mailed to a school address works 24 hours, once; a newer request retires it. */
export const STUDENT_LINK_HOURS = 24;
/**
 * At most 3 links an hour to one school address: the address is typed by the shopper, so the store must not become a
 * way to flood a stranger's inbox.
 */
export const STUDENT_LINK_MAILS_PER_HOUR = 3;
/** The student coupon takes its percent off one device of these categories. */
export const STUDENT_COUPON_CATEGORIES = ['phones', 'tablets'] as const;
/** A school name given with a document: 2–120 characters. */
export const SCHOOL_NAME_LENGTH = { min: 2, max: 120 } as const;
/** A rejection reason staff give: 5–500 characters. */
export const STUDENT_REJECT_REASON_LENGTH = { min: 5, max: 500 } as const;
/** How many students a coupon campaign can take (the coupon table needs a stock; the real limit is one each). */
export const STUDENT_COUPON_STOCK = 2_000_000_000;

/** The time a verified status may be renewed from. */
export function renewFrom(validUntil: Date): Date {
  return new Date(validUntil.getTime() - STUDENT_RENEWAL_DAYS * 86_400_000);
}
