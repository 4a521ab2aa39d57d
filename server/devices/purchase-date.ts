/** The earliest purchase a registration may name: older units have no warranty or service record left to keep. */
export const EARLIEST_PURCHASE = '2010-01-01';

/**
 * What is wrong with a purchase date ('YYYY-MM-DD') on `today` in the shopper's country: a day to come, or one before
 * EARLIEST_PURCHASE; null when it may stand.
 */
export function purchaseDateProblem(date: string, today: string): 'future' | 'old' | null {
  if (date > today) return 'future';
  return date < EARLIEST_PURCHASE ? 'old' : null;
}
