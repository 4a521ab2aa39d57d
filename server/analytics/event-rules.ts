import type { AnalyticsEvent, AnalyticsEventKind } from '../schemas/analytics';
import { ANALYTICS_EVENT_MAX_AGE_MS, ANALYTICS_EVENT_MAX_AHEAD_MS } from './limits';

type EventField = Exclude<keyof AnalyticsEvent, 'kind' | 'at' | 'path'>;

/**
 * What each kind of event must carry beyond kind, time and path (the schema lets every field be optional, so one
 * flat object serves every kind). A kind not listed needs nothing more.
 */
export const EVENT_REQUIRED_FIELDS: Partial<Record<AnalyticsEventKind, readonly EventField[]>> = {
  search: ['query', 'results'],
  /** The order id (target), what it was worth and in which currency. */
  purchase: ['target', 'value', 'currency'],
  web_vital: ['metric', 'metricValue'],
  checkout_step: ['step'],
  /** The product id. */
  add_to_cart: ['target'],
};

/** Why an event breaks its kind's rule. */
export interface EventProblem {
  index: number;
  kind: AnalyticsEventKind;
  field: EventField;
}

/**
 * The first event that lacks a field its kind needs, or carries a value without its currency (minor units mean
 * nothing without one); null when every event is whole.
 * @example firstEventProblem([{ kind: 'search', at: 1, path: '/', query: 'mi' }])
 *   // { index: 0, kind: 'search', field: 'results' }
 */
export function firstEventProblem(events: readonly AnalyticsEvent[]): EventProblem | null {
  for (const [index, event] of events.entries()) {
    for (const field of EVENT_REQUIRED_FIELDS[event.kind] ?? [])
      if (event[field] === undefined) return { index, kind: event.kind, field };
    if (event.value !== undefined && event.currency === undefined)
      return { index, kind: event.kind, field: 'currency' };
  }
  return null;
}

/**
 * The events whose time is within the accepted window around `now` (ms since the epoch), each with the time it is
 * stored at: a time a little ahead of the server is clamped to `now`, so no row happens in the future.
 */
export function recentEvents(
  events: readonly AnalyticsEvent[],
  now: number,
): { kept: { event: AnalyticsEvent; occurredAt: number }[]; dropped: number } {
  const kept = [];
  for (const event of events)
    if (event.at >= now - ANALYTICS_EVENT_MAX_AGE_MS && event.at <= now + ANALYTICS_EVENT_MAX_AHEAD_MS)
      kept.push({ event, occurredAt: Math.min(event.at, now) });
  return { kept, dropped: events.length - kept.length };
}
