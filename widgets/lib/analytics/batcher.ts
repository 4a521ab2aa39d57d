/**
 * The queue of a page's events and when it is sent: at 20 events, 5 s after the first event that waits, and when the
 * page is hidden or left (the last moment a page is sure to run). While the consent banner still asks, batches wait
 * (a shopper who declines on the page sends nothing); a page left before the choice follows the store's default.
 */
import { effect } from '@preact/signals-core';
import type { AnalyticsContext, AnalyticsEvent } from '../../../server/schemas/analytics';
import { serializeConsent } from '../../consent-gate/categories';
import { allowedCategories, consentPending } from '../../state/consent';
import { site } from '../../state/site';
import { analyticsAllowed } from './consent';
import { sendBatch } from './beacon';

export const BATCH_SIZE = 20;
export const FLUSH_MS = 5000;
/** What waits for the consent banner at most (the collector takes 50 events a batch, the page sends 20). */
const MAX_HELD = 100;

/**
 * The batch's `consent` field: the preference the page acts on, in the stored prefix form ('0,1,2,3:'), or 'app'
 * inside the app, where every category counts as given. The collector checks it against the request's own cookie.
 */
export const consentField = (): string =>
  site.value.app === 'web' ? serializeConsent(allowedCategories.value) : 'app';

export interface Batcher {
  add(event: AnalyticsEvent): void;
  /** Sends what waits now (unless the consent banner still asks). */
  flush(): void;
  /** Drops what waits and stops listening: nothing more is sent. */
  stop(): void;
}

export function createBatcher(context: AnalyticsContext): Batcher {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (leaving = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (!analyticsAllowed()) queue = [];
    if (consentPending.value && !leaving) return;
    while (queue.length > 0) sendBatch({ consent: consentField(), context, events: queue.splice(0, BATCH_SIZE) });
  };
  // visibilitychange fires at the document and bubbles here, after web-vitals' own (capturing) listeners have
  // reported the page's last values into the queue.
  const onHide = (e: Event) => (e.type === 'pagehide' || document.visibilityState === 'hidden') && flush(true);
  addEventListener('pagehide', onHide);
  addEventListener('visibilitychange', onHide);
  // The shopper's choice sends what waited for it.
  const unwatch = effect(() => void (consentPending.value || flush()));
  return {
    add(event) {
      if (queue.length >= MAX_HELD) return;
      queue.push(event);
      if (queue.length >= BATCH_SIZE) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush: () => flush(),
    stop() {
      queue = [];
      clearTimeout(timer);
      removeEventListener('pagehide', onHide);
      removeEventListener('visibilitychange', onHide);
      unwatch();
    },
  };
}
