/**
 * Offset between the server clock and this browser, learnt from response headers (§7 "server timestamp header"),
 * so countdowns follow the server's time and not a wrong device clock.
 */
let offsetMs = 0;
let known = false;

/** Record the server time seen in a response (ms since epoch). */
export function noteServerTime(serverMs: number, clientMs = Date.now()): void {
  if (!Number.isFinite(serverMs) || serverMs <= 0) return;
  offsetMs = serverMs - clientMs;
  known = true;
}

/** Reads the server timestamp from headers: `x-server-time`/`x-timestamp` (ms or s), else `Date`. */
export function serverTimeFromHeaders(headers: Headers): number | null {
  const raw = headers.get('x-server-time') ?? headers.get('x-timestamp') ?? headers.get('timestamp');
  if (raw && /^\d+$/.test(raw)) {
    const n = Number(raw);
    return n < 1e12 ? n * 1000 : n;
  }
  const date = headers.get('date');
  const parsed = date ? Date.parse(date) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** Current time on the server's clock, best known. */
export function serverNow(clientMs = Date.now()): number {
  return clientMs + offsetMs;
}

export function isServerTimeKnown(): boolean {
  return known;
}
