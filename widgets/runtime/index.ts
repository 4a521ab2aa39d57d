/**
 * The islands runtime, loaded as a module script on every page that holds a <store-widget>.
 * Core budget (with the request layer and the consent gate): 15 KB gzip, checked by build/report-sizes.ts.
 */
import { initConsent } from '../consent-gate';
import { startAnalytics } from '../lib/analytics/start-analytics';
// The request layer is part of the core: nearly every page's header islands call the API, and keeping it in the
// entry chunk means widget chunks never carry a copy.
import { reportError } from '../request';
import { updateSiteFromProps } from '../state/site';
import { startAppBridgeInApp } from './app-bridge-hook';
import { nextTask } from './next-task';
import { registerServiceWorker } from './service-worker';
import { StoreWidget, readProps } from './store-widget';

/** Site facts (api, cookie policy level, app mode) must be known before the first island can write a cookie. */
function initSiteFromDocument(): void {
  for (const el of Array.from(document.querySelectorAll('store-widget'))) {
    try {
      updateSiteFromProps(readProps(el));
    } catch {
      // A broken props attribute is reported when that island mounts.
    }
  }
}

/** Unhandled front-end errors go to the error endpoint. */
function reportUnhandled(): void {
  // The stack's first frame (else the event's file, line and column) is where the console says the error is.
  const stackOf = (error: unknown) => (error instanceof Error ? error.stack?.slice(0, 2000) : undefined);
  window.addEventListener('error', (e) =>
    reportError('error', e.message || 'error', {
      source: e.filename,
      line: e.lineno,
      column: e.colno,
      stack: stackOf(e.error),
    }),
  );
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    reportError('error', reason instanceof Error ? reason.message : String(reason), {
      kind: 'unhandledrejection',
      stack: stackOf(reason),
    });
  });
}

/** Tracking parameters are captured only when the visit carries some; the code loads on demand. */
function captureTrackingIfAny(): void {
  const external = document.referrer !== '' && !document.referrer.startsWith(location.origin);
  if (!/[?&]utm_/.test(location.search) && !external) return;
  const run = () => void import(/* webpackChunkName: "tracking" */ '../lib/tracking').then((m) => m.captureTracking());
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 500);
}

function start(): void {
  if (customElements.get('store-widget')) return;
  initSiteFromDocument();
  initConsent();
  reportUnhandled();
  customElements.define('store-widget', StoreWidget);
  captureTrackingIfAny();
  document.addEventListener('consent:change', captureTrackingIfAny);
  startAnalytics();
  registerServiceWorker();
  startAppBridgeInApp();
}

// The runtime is a module script, so it runs in the task that finishes parsing the page, and Chromium lays the
// page out for its first frame at the end of that same task. Starting the islands there (reading every host's
// props, upgrading the hosts, mounting the consent banner) made one long task of the two; in a task of its own
// each stays short, and long tasks are what delay a shopper's first tap (Lighthouse's Total Blocking Time).
void nextTask().then(start);
