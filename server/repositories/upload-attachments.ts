/**
 * An upload belongs to at most one thing: an after-sales request, a review, a business account's documents, a student
 * status or a device registration. Only its owner's unattached uploads may be attached, counted as pending or
 * deleted; this is that condition over an uploads row, in one place so a new attachment column is added once.
 */
export const UNATTACHED_UPLOAD =
  'request_id IS NULL AND review_id IS NULL AND enterprise_account_id IS NULL AND student_verification_id IS NULL ' +
  'AND device_id IS NULL';
