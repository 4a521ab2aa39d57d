/**
 * Offset between the server clock and this browser, learnt from response headers (`X-Server-Time`, ms since epoch,
 * on every API and static answer), so countdowns and campaign states follow the server's time and not a wrong
 * device clock. One place: the request layer feeds it, every time-based island reads `serverNow()`.
 */
let offsetMs = 0;
let known = false;
/** Round trip of the sample the offset came from: a shorter one pins the server's moment more closely. */
let sampleRttMs = Infinity;
let sampleAt = 0;
/** A sample older than this gives way to any new one (the device clock may have been corrected meanwhile). */
const SAMPLE_TTL_MS = 5 * 60_000;

/**
 * Record the server time seen in a response (ms since epoch). `clientMs` is the moment it is taken to describe:
 * the middle of the round trip when `rttMs` is known. The sample with the shortest round trip wins for a while.
 */
export function noteServerTime(serverMs: number, clientMs = Date.now(), rttMs = 0): void {
  if (!Number.isFinite(serverMs) || serverMs <= 0) return;
  const stale = clientMs - sampleAt > SAMPLE_TTL_MS;
  if (known && !stale && rttMs > sampleRttMs) return;
  offsetMs = serverMs - clientMs;
  known = true;
  sampleRttMs = rttMs;
  sampleAt = clientMs;
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

/** Forget what was learnt (tests). */
export function resetServerTime(): void {
  offsetMs = 0;
  known = false;
  sampleRttMs = Infinity;
  sampleAt = 0;
}

let syncing: Promise<void> | null = null;

/**
 * A static page has made no API call yet: ask the server for its time with a HEAD request to the page itself
 * (its answer carries `X-Server-Time` too). Once per page; the device clock stays in use if it fails.
 */
export function syncServerTime(): Promise<void> {
  if (known) return Promise.resolve();
  syncing ??= (async () => {
    try {
      const sent = Date.now();
      const res = await fetch(location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
      const received = Date.now();
      const at = serverTimeFromHeaders(res.headers);
      if (at !== null) noteServerTime(at, (sent + received) / 2, received - sent);
    } catch {
      // Keep the device clock.
    }
  })();
  return syncing;
}
