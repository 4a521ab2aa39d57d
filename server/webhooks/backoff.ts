/** The longest wait between two attempts: later retries come every 6 hours, not days apart. */
export const RETRY_DELAY_CAP_MS = 6 * 60 * 60_000;

/**
 * The wait after the `attempts`-th failed attempt: `baseMs` doubling (30 s, 1 min, 2 min, …) up to 6 hours. With the
 * defaults (30 s, 13 attempts) a delivery is tried for about 20 hours before it is given up.
 */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_DELAY_CAP_MS);
}
