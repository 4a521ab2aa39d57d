/**
 * What islands call to report an event. It lives in the islands' core (a few hundred bytes) so an island can report
 * before the tracker itself has loaded: the tracker is a chunk of its own, fetched only after the page is idle and
 * only with consent (start-analytics.ts). Until then events wait here, in memory; a page left before its tracker
 * came hands its view and its waiting events to the tab's next page (sessionStorage, with consent only), whose
 * tracker sends them in the left page's name.
 */
import type { AnalyticsEvent } from '../../../server/schemas/analytics';
import { analyticsAllowed } from './consent';

/** An event as an island reports it: its time and page are added here. */
export type TrackedEvent = Omit<AnalyticsEvent, 'at' | 'path'>;

/** Where events go once the tracker runs. */
export type EventSink = (event: AnalyticsEvent) => void;

/** Enough for a busy first seconds of a page; beyond it the page is doing something odd, not worth the memory. */
const MAX_WAITING = 50;

let waiting: AnalyticsEvent[] = [];
let sink: EventSink | null = null;

/** Whether the page is being left (pagehide): a tracker that finishes starting now must leave the carry alone. */
let left = false;
export const pageLeft = (): boolean => left;

/** Where a left page's events wait for the next page's tracker (this tab only). */
const CARRY_KEY = 'store_analytics_carry';

/** Events of a page the shopper left before its tracker came, with the page's type and release. */
export interface CarriedEvents {
  pageType: string;
  release: string;
  events: AnalyticsEvent[];
}

/**
 * The most left pages a tab hands over: a shopper clicking through a whole purchase (about ten pages) faster than a
 * busy phone's trackers load. Beyond it the oldest go first; a page's events are at most MAX_WAITING anyway.
 */
const MAX_CARRIED_PAGES = 20;

/** What waits in the tab for the next tracker, or nothing readable. */
function readCarried(): CarriedEvents[] {
  const raw = sessionStorage.getItem(CARRY_KEY);
  const parsed: unknown = raw ? JSON.parse(raw) : [];
  return Array.isArray(parsed)
    ? (parsed as CarriedEvents[]).filter((c) => typeof c?.pageType === 'string' && Array.isArray(c.events))
    : [];
}

/**
 * The page is left: without a tracker yet, its view and waiting events join what the tab hands to its next page
 * (pages left one after another before any tracker came all wait, up to twenty).
 */
export function carryOnLeave(): void {
  left = true;
  if (sink || !analyticsAllowed()) return;
  const html = document.documentElement;
  const page: CarriedEvents = {
    pageType: html.dataset['pageType'] ?? '',
    release: html.dataset['release'] ?? '',
    events: [stamp({ kind: 'page_view' }), ...waiting].slice(0, MAX_WAITING),
  };
  try {
    sessionStorage.setItem(CARRY_KEY, JSON.stringify([...readCarried(), page].slice(-MAX_CARRIED_PAGES)));
  } catch {
    // No storage (private mode, quota) or unreadable: the left page goes uncounted, as before.
  }
}

/** The page is shown again (back from the browser's page cache): it is no longer being left. */
export function pageShown(): void {
  left = false;
}

if (typeof addEventListener === 'function') {
  addEventListener('pagehide', carryOnLeave);
  addEventListener('pageshow', pageShown);
}

/** What the tab's previous pages handed over, once. */
export function takeCarried(): CarriedEvents[] {
  try {
    const carried = readCarried();
    sessionStorage.removeItem(CARRY_KEY);
    return carried;
  } catch {
    return [];
  }
}

/** The event with the time and the page's path (without query or hash). */
export const stamp = (event: TrackedEvent): AnalyticsEvent => ({
  at: Date.now(),
  path: location.pathname.slice(0, 300),
  ...event,
});

/**
 * Reports one event; without the analytical category's consent it is dropped on the spot.
 * @example track({ kind: 'search', query: 'redmi', results: 12 })
 */
export function track(event: TrackedEvent): void {
  if (!analyticsAllowed()) return;
  const full = stamp(event);
  if (sink) sink(full);
  else if (waiting.length < MAX_WAITING) waiting.push(full);
}

/** The tracker takes the events over (null: it stopped); what waited is handed over first, in order. */
export function deliverTo(next: EventSink | null): void {
  sink = next;
  const held = waiting;
  waiting = [];
  if (next) for (const event of held) next(event);
}
