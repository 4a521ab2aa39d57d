/**
 * What islands call to report an event. It lives in the islands' core (a few hundred bytes) so an island can report
 * before the tracker itself has loaded: the tracker is a chunk of its own, fetched only after the page is idle and
 * only with consent (start-analytics.ts). Until then events wait here, in memory only.
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
