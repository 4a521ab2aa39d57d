/**
 * Starts the tracker when consent allows it, and stops it the moment consent is withdrawn. The tracker and the
 * web-vitals library are a chunk of their own, fetched after the page has loaded and gone idle, so they never
 * compete with the page and its islands; a shopper who has not allowed the analytical category never fetches it.
 */
import { effect } from '@preact/signals-core';
import { readAppIds } from './app-ids';
import { analyticsAllowed } from './consent';
import { deliverTo } from './track';

type Tracker = typeof import('./tracker');

/** Runs `run` after the load event, in an idle period (at most 2 s later: a busy page still gets counted soon). */
function afterLoadAndIdle(run: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The tracker's chunk. */
const trackerChunk = (): Promise<Tracker> => import(/* webpackChunkName: "analytics" */ './tracker');

/**
 * Called once by the islands' runtime. Returns the function that stops following consent, and takes the chunk's
 * loader: both for tests, which check that a shopper without consent never asks for the chunk.
 */
export function startAnalytics(loadTracker = trackerChunk): () => void {
  let idle = false;
  let tracker: Promise<Tracker | null> | null = null;
  const apply = (allowed: boolean) => {
    if (!allowed) {
      // Events that waited for the tracker go with the consent; a running tracker stops at once.
      deliverTo(null);
      void tracker?.then((m) => m?.stopTracker());
      return;
    }
    if (!idle) return;
    // A chunk that fails to load (offline, a deploy in between) costs the page's analytics, nothing else.
    tracker ??= loadTracker().catch(() => null);
    // Consent may have gone while the chunk was on its way.
    void tracker.then((m) => {
      if (m && analyticsAllowed()) void m.startTracker(readAppIds);
    });
  };
  afterLoadAndIdle(() => {
    idle = true;
    apply(analyticsAllowed());
  });
  return effect(() => apply(analyticsAllowed()));
}
