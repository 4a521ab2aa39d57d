/**
 * A campaign's window (a sale, a coupon, a pre-sale's deposit window) and where it stands at a moment. Windows are
 * half-open, as on the server (`campaign_phase` in the database): live from the start up to, not including, the end.
 * Islands pass the server's time (`serverNow()`), never the device clock, so a page built days ago shows the
 * state of now and switches at the same instant the server starts or stops selling.
 */
export type CampaignPhase = 'upcoming' | 'live' | 'ended';

/** ms since epoch; a missing start means "already started", a missing end "never ends". */
export interface CampaignWindow {
  startsAt?: number | null;
  endsAt?: number | null;
}

/** The phase of `w` at server time `now`. */
export function campaignPhase(w: CampaignWindow, now: number): CampaignPhase {
  if (w.startsAt != null && now < w.startsAt) return 'upcoming';
  if (w.endsAt != null && now >= w.endsAt) return 'ended';
  return 'live';
}

/** The boundary the phase counts down to (start while upcoming, end while live), or null when nothing follows. */
export function nextBoundary(w: CampaignWindow, now: number): number | null {
  const phase = campaignPhase(w, now);
  if (phase === 'upcoming') return w.startsAt!;
  if (phase === 'live') return w.endsAt ?? null;
  return null;
}

/** Whole seconds shown by a countdown to `boundary` (rounded up: "1" until the very instant of the boundary). */
export function secondsUntil(boundary: number, now: number): number {
  return Math.max(0, Math.ceil((boundary - now) / 1000));
}

/**
 * How long to wait before the display can change: until the countdown's next whole second or the boundary itself,
 * so the switch to live (or ended) happens at the boundary, not up to a second late.
 * @example msToNextTick({ startsAt: 10_500 }, 10_000) → 500
 */
export function msToNextTick(w: CampaignWindow, now: number): number | null {
  const boundary = nextBoundary(w, now);
  if (boundary === null) return null;
  return ((boundary - now - 1) % 1000) + 1;
}

/** An ISO instant (a page's data attribute or prop) as ms, null when absent or unreadable. */
export function instant(iso: string | number | null | undefined): number | null {
  if (typeof iso === 'number') return Number.isFinite(iso) ? iso : null;
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : null;
}
