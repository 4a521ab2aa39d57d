/**
 * The tracker: the analytics chunk's entry (start-analytics.ts loads it, with consent, once the page is idle). It
 * reports the page view, clicks, exposures and web vitals, takes the islands' events, and sends them in batches.
 */
import type { AppIds } from './app-ids';
import { createBatcher, type Batcher } from './batcher';
import { watchClicks } from './clicks';
import { analyticsAllowed } from './consent';
import { watchExposures } from './exposures';
import { pageContext } from './page-context';
import { deliverTo, pageLeft, stamp, takeCarried, track } from './track';
import { forgetVisit, openVisit } from './visit';
import { watchVitals } from './vitals';

let running = false;
/** Bumped by every start and stop, so a start that finishes after a later stop (or start) leaves nothing behind. */
let generation = 0;
let batcher: Batcher | null = null;
/** The batches of pages left before their tracker came (track.ts), each sent in its page's name. */
let carriedBatchers: Batcher[] = [];
let unwatch: (() => void)[] = [];

/**
 * Starts tracking the page (again, after consent came back). `appIds` asks the app bridge for its ids; it is passed
 * in by the islands' core, where the bridge sets its source, so both read the same module.
 */
export async function startTracker(appIds: () => Promise<AppIds>): Promise<void> {
  if (running) return;
  running = true;
  const mine = ++generation;
  const [visit, app] = await Promise.all([openVisit(), appIds()]);
  if (mine !== generation) return;
  // Consent went while the visit was being read: it leaves nothing behind.
  if (!analyticsAllowed()) return stopTracker();
  // The page was left while the tracker started: what it and earlier pages hold stays for the next page.
  if (pageLeft()) return;
  const context = pageContext(visit, app);
  carriedBatchers = takeCarried().map((left) => {
    const leftBatcher = createBatcher({ ...context, pageType: left.pageType || 'unknown', release: left.release });
    for (const event of left.events) leftBatcher.add(event);
    leftBatcher.flush(); // left pages' events go now, not after the batch timer
    return leftBatcher;
  });
  batcher = createBatcher(context);
  // The page view first, then what the islands reported while the tracker loaded.
  batcher.add(stamp({ kind: 'page_view' }));
  deliverTo(batcher.add);
  unwatch = [watchClicks(track), watchExposures(track)];
  watchVitals(track);
}

/** Consent withdrawn: nothing waits, nothing is watched, nothing more is sent, and the visit id is removed. */
export function stopTracker(): void {
  running = false;
  generation++;
  deliverTo(null);
  batcher?.stop();
  batcher = null;
  for (const left of carriedBatchers) left.stop();
  carriedBatchers = [];
  takeCarried(); // what a left page handed over goes with the consent
  for (const stop of unwatch) stop();
  unwatch = [];
  forgetVisit();
}
