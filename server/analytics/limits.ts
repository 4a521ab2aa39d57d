/**
 * The bounds of first-party analytics, in one place. Anyone may post to the collector, so what one client address can
 * store is bounded (a rate of batches, and events and bytes per window), and the table itself is bounded in time: a
 * partition per day, dropped whole once it is older than the retention period.
 */

/**
 * How many days of events are kept: about 13 months, so that any month can still be compared with the same month a
 * year before (a seasonal store's question) and nothing older lingers. Days past it are dropped by the daily roll.
 */
export const ANALYTICS_RETENTION_DAYS = 400;

/**
 * Partitions made ahead of today. The roll runs daily shortly after midnight UTC; two days ahead cover the database's
 * own time zone and a roll that failed once, so an insert rarely meets a missing day (it then makes it and retries).
 */
export const ANALYTICS_PARTITIONS_AHEAD_DAYS = 2;

/**
 * Events are dropped (not the batch) when their time is more than a day past (a tab that slept, a device clock
 * wrong by days) or more than a few minutes ahead of the server's clock (a fast device clock).
 */
export const ANALYTICS_EVENT_MAX_AGE_MS = 24 * 60 * 60_000;
export const ANALYTICS_EVENT_MAX_AHEAD_MS = 5 * 60_000;

/**
 * What one client address may store per window, counted in each API process's memory (no database write per
 * request): a page flushes a few batches a minute, so this holds a carrier's or an office's shoppers behind one
 * public address, and bounds a flood from one address to this many rows per window and process.
 */
export const ANALYTICS_ADDRESS_BUDGET = {
  events: 10_000,
  bytes: 4 * 1024 * 1024,
  windowSeconds: 600,
} as const;
