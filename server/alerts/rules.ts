/** The limits of stock and sale alerts (docs/rules.md names each). */

/** The follow-up window of a back-in-stock alert (30 days): defined with the API, which the product page reads. */
export { STOCK_ALERT_FOLLOW_UP_DAYS } from '../schemas/alerts';

/** Waiting back-in-stock alerts an account may hold at once (one per version). */
export const WAITING_STOCK_ALERTS_MAX = 50;

/** Waiting sale reminders an account may hold at once (one per sale). */
export const WAITING_SALE_REMINDERS_MAX = 50;

/** How long before a sale starts its reminder goes out, unless SALE_REMINDER_LEAD_MINUTES says otherwise. */
export const DEFAULT_SALE_REMINDER_LEAD_MINUTES = 10;

/** Alerts told per transaction: a restock with thousands waiting commits in steps, never in one long transaction. */
export const ALERT_BATCH = 100;

/** Closed alerts and reminders are kept this long for the shopper's list, then pruned. */
export const CLOSED_ALERTS_KEPT_DAYS = 90;

/** Alert and reminder requests and cancellations an account may make in an hour (over all its sessions). */
export const ALERT_WRITES_PER_HOUR = 100;
