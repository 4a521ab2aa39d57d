import type { Database } from './db/types';

/** A difference smaller than the round trip that measured it is noise, not a clock error. */
const MIN_CORRECTION_MS = 5;

export interface ServerClock {
  /** The time on the database's clock, in ms since epoch, as well as this process knows it. */
  now(): number;
  /** Measures the database clock against this process's clock again (start-up, then periodically). */
  sync(): Promise<void>;
  /** The last measured difference: database minus this process, in ms. */
  offsetMs(): number;
}

/**
 * The store's one clock is the database's: every sell path decides against `now()` there, so the `X-Server-Time`
 * that browsers set their countdowns by is this process's clock corrected by its measured distance from the
 * database's. A campaign's "live" in the browser then starts and stops at the instant the server starts and stops
 * selling, whichever API process answers and however its own clock drifts.
 */
export function databaseClock(db: Pick<Database, 'query'>): ServerClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    offsetMs: () => offset,
    async sync() {
      const sent = Date.now();
      const row = (
        await db.query<{ ms: number }>(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`)
      )[0];
      const received = Date.now();
      if (!row) return;
      const measured = Math.round(Number(row.ms) - (sent + received) / 2);
      offset = Math.abs(measured) > Math.max(MIN_CORRECTION_MS, received - sent) ? measured : 0;
    },
  };
}
